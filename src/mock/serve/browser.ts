/**
 * The mock inside the browser (the static demo build): MSW's service worker over the same handlers,
 * with the store and the fault settings kept in localStorage so a demo survives a reload.
 */
import { setupWorker } from 'msw/browser';
import { mockFaultsInput, parseInput } from '../../contract/inputs.ts';
import type { StoreData } from '../store/records.ts';
import { normalizeFaults, type FaultsInput } from '../faults.ts';
import { createMock, validateStoreData, type Mock } from '../index.ts';
import type { World } from '../store/worlds.ts';

export const storageKey = 'analytics-console:mock-store';
const faultsStorageKey = 'analytics-console:mock-faults';
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

/** The saved fault settings, checked by the same rules as `PUT /__mock/faults`; none when unreadable. */
function readStoredFaults(storage: Storage): FaultsInput | undefined {
  const text = storage.getItem(faultsStorageKey);
  if (text === null) return undefined;
  try {
    const parsed = parseInput(mockFaultsInput, JSON.parse(text));
    if (parsed.ok) return parsed.data;
    console.warn(`The saved mock faults were refused (${parsed.error.detail}); starting with none.`);
  } catch (error) {
    console.warn(`The saved mock faults could not be read (${error instanceof Error ? error.message : String(error)}); starting with none.`);
  }
  return undefined;
}

/** Saves the default world's fault settings (after a PUT /__mock/faults, or a reset); other worlds' last until the page is closed. */
function saveFaults(storage: Storage, world: World, defaultWorld: World): void {
  if (world !== defaultWorld) return;
  try {
    storage.setItem(faultsStorageKey, JSON.stringify(normalizeFaults(world.faults)));
  } catch {
    // No room: the faults still apply until the page is closed.
  }
}

export async function startBrowserMock(): Promise<Mock> {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage disabled (privacy mode): the mock runs in memory only.
  }
  const data = storage ? readStoredData(storage) : undefined;
  const faults = storage ? readStoredFaults(storage) : undefined;
  const mock: Mock = createMock({
    data,
    faults,
    onFaultsChange: storage ? (world) => saveFaults(storage, world, mock.worlds.default) : undefined,
  });
  if (storage) keepInStorage(mock, storage);

  const worker = setupWorker(...mock.handlers);
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return mock;
}
