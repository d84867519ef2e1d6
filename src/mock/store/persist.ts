/**
 * `--data FILE` for the mock server (Node only): load the worlds from FILE or seed it, then write
 * every change back within 250 ms, atomically (temp file in the same directory, then rename).
 *
 * FILE is the default world's store data, plus `worlds`: the named worlds (API.md §9), least recently
 * used first, each `{name, created_at, last_used_at, data}`. A file without `worlds` (an older one)
 * holds the default world only.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { StoreData } from './records.ts';
import { validateStoreData } from '../index.ts';
import { isoTime, worldNameError, type World, type WorldRecord, type Worlds } from './worlds.ts';

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

/** The named worlds a file holds (none in a file written before worlds); throws when one is damaged. */
function worldRecordsOf(parsed: unknown): WorldRecord[] {
  const list = (parsed as { worlds?: unknown }).worlds;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error('"worlds" is not a list');
  return list.map((entry: unknown, index) => {
    const record = entry as Partial<WorldRecord> | null;
    const name = record?.name;
    if (typeof name !== 'string' || worldNameError(name) !== null) throw new Error(`world ${index} has no valid name`);
    if (typeof record!.created_at !== 'string' || typeof record!.last_used_at !== 'string') throw new Error(`world "${name}" lacks its times`);
    try {
      return { name, created_at: record!.created_at, last_used_at: record!.last_used_at, data: validateStoreData(record!.data) };
    } catch (error) {
      throw new Error(`world "${name}": ${errorMessage(error)}`, { cause: error });
    }
  });
}

/**
 * The data to start from: FILE's content when it exists (MockDataError when it is unreadable or
 * not mock data), otherwise the seed, written to FILE at once.
 */
export function openDataFile(file: string, seed: () => StoreData): { data: StoreData; worlds: WorldRecord[]; created: boolean } {
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
    return { data, worlds: [], created: true };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MockDataError(file, `it is not valid JSON (${errorMessage(error)})`);
  }
  try {
    const worlds = worldRecordsOf(parsed);
    if (parsed !== null && typeof parsed === 'object') delete (parsed as { worlds?: unknown }).worlds;
    return { data: validateStoreData(parsed), worlds, created: false };
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

/** What a persister writes: the text of FILE now, and a way to hear of changes. */
interface Source {
  text(): string;
  subscribe(listener: () => void): () => void;
}

/**
 * Keeps FILE in step with every world: the default world's data with the named worlds under
 * `worlds`. Only worlds changed since the last write are serialized again.
 */
export function persistWorlds(worlds: Worlds, file: string, options: PersistOptions = {}): Persister {
  const texts = new WeakMap<World, string>();
  const textOf = (world: World) => {
    let text = texts.get(world);
    if (text === undefined) {
      text = world.store.serialize();
      texts.set(world, text);
    }
    return text;
  };
  const source: Source = {
    text: () => {
      const named = worlds.all().slice(1).reverse();
      const main = textOf(worlds.default);
      if (named.length === 0) return `${main}\n`;
      // Least recently used first, as they are loaded back.
      const entries = named.map(
        (world) =>
          `{"name":${JSON.stringify(world.name)},"created_at":${JSON.stringify(world.createdAt)},"last_used_at":${JSON.stringify(isoTime(world.lastUsed))},"data":${textOf(world)}}`,
      );
      return `${main.slice(0, -1)},"worlds":[${entries.join(',')}]}\n`;
    },
    subscribe: (listener) =>
      worlds.subscribe((event) => {
        texts.delete(event.world);
        listener();
      }),
  };
  return persist(source, file, options);
}

function persist(source: Source, file: string, options: PersistOptions): Persister {
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
    const text = source.text();
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

  const unsubscribe = source.subscribe(() => {
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
