/**
 * Mock worlds (API.md §9): each `X-Mock-World: <name>` gets its own store and fault settings, seeded
 * like the default world and created on first use, so that testers and parallel test runs sharing one
 * mock never see each other's changes. At most `maxWorlds` named worlds are kept: the least recently
 * used one is dropped (and the mock says so). The default world is never dropped.
 */
import { mockWorldNameError } from '../../contract/mock-world.ts';
import type { MockFaults } from '../../contract/schemas.ts';
import { Store } from './db.ts';
import type { StoreData } from './records.ts';
import { noFaults, normalizeFaults, type FaultsInput } from '../faults.ts';

/** The world of a request without `X-Mock-World` (the header may name it too). */
const defaultWorldName = 'default';
/** How many named worlds are kept besides the default one. */
const maxWorlds = 50;

export interface World {
  readonly name: string;
  readonly store: Store;
  /** This world's fault settings: a flaky world never slows or breaks another. */
  faults: MockFaults;
  readonly createdAt: string;
  /** Last use, in ms since the epoch (a number: it is set on every request). */
  lastUsed: number;
}

/** An ISO time of a number of ms since the epoch. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

/** A named world as a data file keeps it. */
export interface WorldRecord {
  name: string;
  created_at: string;
  last_used_at: string;
  data: StoreData;
}

export interface WorldSummary {
  name: string;
  created_at: string;
  last_used_at: string;
}

interface WorldsOptions {
  /** The data every world starts from (and goes back to on reset). Called once, on first need. */
  seed: () => StoreData;
  /** The default world's data, when not the seed. */
  data?: StoreData;
  /** Named worlds to start with (from a data file), least recently used first. */
  worlds?: ReadonlyArray<WorldRecord>;
  /** The fault settings every world starts with. */
  faults?: FaultsInput;
  /** Named worlds kept (default 50). */
  max?: number;
  /** Where the mock says that it dropped a world (default: console.info). */
  log?: (line: string) => void;
  /** Ms since the epoch (default Date.now). */
  now?: () => number;
}

/** What changed: a world's data (or its creation), or a world dropped. */
type WorldsEvent = { kind: 'changed'; world: World } | { kind: 'dropped'; world: World };

/** Null when `name` is acceptable in `X-Mock-World`, else why not. */
export function worldNameError(name: string): string | null {
  return mockWorldNameError(name);
}

export class Worlds {
  readonly default: World;
  /** Named worlds, least recently used first (a Map keeps insertion order). */
  private named = new Map<string, World>();
  private unsubscribes = new Map<string, () => void>();
  private listeners = new Set<(event: WorldsEvent) => void>();
  private seedData: StoreData | null = null;
  private readonly max: number;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly startFaults: FaultsInput | undefined;

  constructor(private readonly options: WorldsOptions) {
    this.max = options.max ?? maxWorlds;
    this.log = options.log ?? ((line) => console.info(line));
    this.now = options.now ?? Date.now;
    this.startFaults = options.faults;
    const at = this.now();
    this.default = this.make(defaultWorldName, options.data ?? this.seed(), isoTime(at), at);
    for (const record of options.worlds ?? []) {
      if (record.name === defaultWorldName || worldNameError(record.name) !== null) continue;
      const lastUsed = Date.parse(record.last_used_at);
      this.named.set(record.name, this.make(record.name, record.data, record.created_at, Number.isNaN(lastUsed) ? at : lastUsed));
    }
    while (this.named.size > this.max) this.dropOldest();
  }

  /** The seed, built once: each world's store copies it. */
  seed(): StoreData {
    this.seedData ??= this.options.seed();
    return this.seedData;
  }

  private make(name: string, data: StoreData, createdAt: string, lastUsed: number): World {
    const world: World = { name, store: new Store(data), faults: normalizeFaults(this.startFaults), createdAt, lastUsed };
    this.unsubscribes.set(name, world.store.subscribe(() => this.emit({ kind: 'changed', world })));
    return world;
  }

  private emit(event: WorldsEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private dropOldest(): void {
    const [name, world] = this.named.entries().next().value as [string, World];
    this.named.delete(name);
    this.unsubscribes.get(name)?.();
    this.unsubscribes.delete(name);
    this.log(`Mock: dropped the world "${name}" (last used ${isoTime(world.lastUsed)}): at most ${this.max} worlds are kept besides the default one.`);
    this.emit({ kind: 'dropped', world });
  }

  /**
   * The world of a request: `name` null (no header) or `default` is the default world; any other
   * (valid) name is that world, created from the seed on first use. Marks it used now.
   */
  get(name: string | null): World {
    const at = this.now();
    if (name === null || name === defaultWorldName) {
      this.default.lastUsed = at;
      return this.default;
    }
    let world = this.named.get(name);
    if (world) {
      // Most recently used last.
      this.named.delete(name);
      this.named.set(name, world);
    } else {
      world = this.make(name, this.seed(), isoTime(at), at);
      this.named.set(name, world);
      while (this.named.size > this.max) this.dropOldest();
      this.emit({ kind: 'changed', world });
    }
    world.lastUsed = at;
    return world;
  }

  /** A world if it exists, without creating it or marking it used. */
  peek(name: string | null): World | undefined {
    if (name === null || name === defaultWorldName) return this.default;
    return this.named.get(name);
  }

  /**
   * Drops a named world and its faults (`DELETE /__mock/worlds/<name>`): the next request naming it
   * starts it afresh from the seed. False for a world not kept, and for the default one, which has
   * no name to drop it by.
   */
  drop(name: string): boolean {
    const world = name === defaultWorldName ? undefined : this.named.get(name);
    if (!world) return false;
    this.named.delete(name);
    this.unsubscribes.get(name)?.();
    this.unsubscribes.delete(name);
    this.emit({ kind: 'dropped', world });
    return true;
  }

  /** Every world: the default first, then named ones from the most recently used. */
  all(): World[] {
    return [this.default, ...[...this.named.values()].reverse()];
  }

  /** The body of `GET /__mock/worlds`. */
  list(): WorldSummary[] {
    return this.all().map((world) => ({ name: world.name, created_at: world.createdAt, last_used_at: isoTime(world.lastUsed) }));
  }

  /** The world's store back to the seed, its faults back to none. */
  reset(world: World): void {
    world.store.replace(this.seed());
    world.faults = noFaults();
  }

  /** `listener` hears of every change of any world's data, every world created and every world dropped. */
  subscribe(listener: (event: WorldsEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
