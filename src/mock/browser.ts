/**
 * The mock inside the browser (the static demo build): MSW's service worker over the same handlers,
 * with the store kept in localStorage so a demo survives a reload.
 */
import { setupWorker } from 'msw/browser';
import type { StoreData } from './db.ts';
import { createMock, validateStoreData, type Mock } from './index.ts';

export const storageKey = 'analytics-console:mock-store';
const saveDelayMs = 250;

function readStoredData(storage: Storage): StoreData | undefined {
  const text = storage.getItem(storageKey);
  if (text === null) return undefined;
  try {
    return validateStoreData(JSON.parse(text));
  } catch (error) {
    // Keep what was there for inspection instead of overwriting it silently.
    const backupKey = `${storageKey}:unreadable`;
    try {
      storage.setItem(backupKey, text);
    } catch {
      // No room for the copy: the original stays under its key until the first save.
    }
    console.warn(
      `The saved mock data could not be read (${error instanceof Error ? error.message : String(error)}); ` +
        `starting from the demo seed. The old data is kept under "${backupKey}".`,
    );
    return undefined;
  }
}

/** Saves the store at most once per 250 ms, and at once when the page is hidden or left. */
function keepInStorage(mock: Mock, storage: Storage): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;
  let warned = false;

  const save = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!dirty) return;
    dirty = false;
    try {
      storage.setItem(storageKey, JSON.stringify(mock.store.snapshot()));
    } catch (error) {
      dirty = true;
      if (!warned) {
        warned = true;
        console.warn(
          `The mock data could not be saved in this browser (${error instanceof Error ? error.message : String(error)}); ` +
            'changes are kept until this page is closed.',
        );
      }
    }
  };

  mock.store.subscribe(() => {
    dirty = true;
    timer ??= setTimeout(save, saveDelayMs);
  });
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}

export async function startBrowserMock(): Promise<Mock> {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage disabled (privacy mode): the mock runs in memory only.
  }
  const data = storage ? readStoredData(storage) : undefined;
  const mock = createMock({ data });
  if (storage) keepInStorage(mock, storage);

  const worker = setupWorker(...mock.handlers);
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return mock;
}
