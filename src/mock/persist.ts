/**
 * `--data FILE` for the mock server (Node only): load the store from FILE or seed it, then write
 * every change back within 250 ms, atomically (temp file in the same directory, then rename).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Store, StoreData } from './db.ts';
import { validateStoreData } from './index.ts';

/** FILE exists but cannot be used; it is left untouched. */
export class MockDataError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `Cannot load mock data from ${file}: ${reason}. The file was left unchanged: ` +
        'fix it, or move it away to start again from the seed.',
    );
    this.name = 'MockDataError';
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

let tempCounter = 0;
function tempPathFor(file: string): string {
  tempCounter += 1;
  return join(dirname(file), `.${basename(file)}.${process.pid}.${tempCounter}.tmp`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temp files that a killed mock left beside `file` (never those of a running process). */
export function removeStaleTempFiles(file: string): void {
  const prefix = `.${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length));
    if (!match || isRunning(Number(match[1]))) continue;
    try {
      unlinkSync(join(dirname(file), name));
    } catch {
      // Already gone, or not ours to remove.
    }
  }
}

/** Writes `text` to `file` so that a reader (or a kill at any moment) sees the old or the new file. */
export function writeFileAtomicSync(file: string, text: string): void {
  const temp = tempPathFor(file);
  try {
    const fd = openSync(temp, 'w', 0o644);
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // The temp file was never created or is already renamed.
    }
    throw error;
  }
}

export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = tempPathFor(file);
  try {
    const handle = await open(temp, 'w', 0o644);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

export function serializeStore(data: StoreData): string {
  return `${JSON.stringify(data)}\n`;
}

/**
 * The data to start from: FILE's content when it exists (MockDataError when it is unreadable or
 * not mock data), otherwise the seed, written to FILE at once.
 */
export function openDataFile(file: string, seed: () => StoreData): { data: StoreData; created: boolean } {
  removeStaleTempFiles(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new MockDataError(file, errorMessage(error));
    const data = seed();
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileAtomicSync(file, serializeStore(data));
    } catch (writeError) {
      throw new Error(`Cannot create mock data file ${file}: ${errorMessage(writeError)}`, { cause: writeError });
    }
    return { data, created: true };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MockDataError(file, `it is not valid JSON (${errorMessage(error)})`);
  }
  try {
    return { data: validateStoreData(parsed), created: false };
  } catch (error) {
    throw new MockDataError(file, `it does not hold mock data (${errorMessage(error)})`);
  }
}

export interface PersistOptions {
  /** Longest wait between a change and the start of its write. */
  delayMs?: number;
  onError?: (error: unknown) => void;
}

export interface Persister {
  /** Writes now if anything is unwritten, and waits for every write to finish. */
  flush(): Promise<void>;
  /** Flushes, then stops listening to the store. */
  stop(): Promise<void>;
  /** How many times FILE was written since start (for tests and the benchmark). */
  readonly writeCount: number;
}

/** Keeps FILE in step with the store: bursts of changes coalesce into one write per `delayMs`. */
export function persistStore(store: Store, file: string, options: PersistOptions = {}): Persister {
  const delayMs = options.delayMs ?? 250;
  const onError = options.onError ?? ((error: unknown) => console.error(`Mock data: cannot write ${file}: ${errorMessage(error)}`));
  let dirtySince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let writeCount = 0;
  let failures = 0;

  const schedule = () => {
    if (dirtySince === null || timer !== null || writing !== null) return;
    // After a failed write, retry more slowly instead of spinning on a full disk.
    const wait = failures > 0 ? 1000 : Math.max(0, dirtySince + delayMs - Date.now());
    timer = setTimeout(() => {
      timer = null;
      void write();
    }, wait);
  };

  const write = (): Promise<void> => {
    if (writing) return writing;
    if (dirtySince === null) return Promise.resolve();
    dirtySince = null;
    // The snapshot is taken synchronously, so it is exactly the state every answered change left.
    const text = serializeStore(store.snapshot());
    writing = writeFileAtomic(file, text)
      .then(
        () => {
          writeCount += 1;
          failures = 0;
        },
        (error: unknown) => {
          failures += 1;
          dirtySince ??= Date.now();
          onError(error);
        },
      )
      .finally(() => {
        writing = null;
        schedule();
      });
    return writing;
  };

  const unsubscribe = store.subscribe(() => {
    dirtySince ??= Date.now();
    schedule();
  });

  const cancelTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const flush = async () => {
    for (;;) {
      cancelTimer();
      if (writing) {
        await writing;
        continue;
      }
      if (dirtySince === null) return;
      await write();
      if (failures > 0) {
        // Reported by onError; stop here rather than retrying in a tight loop.
        cancelTimer();
        return;
      }
    }
  };

  return {
    flush,
    stop: async () => {
      unsubscribe();
      await flush();
    },
    get writeCount() {
      return writeCount;
    },
  };
}
