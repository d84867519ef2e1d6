/**
 * The state of one bulk action, as a hook: gathering its items (the selection, or every match
 * fetched page by page), leaving out up front what the key may not change, running the rest through
 * the runner the page hands in (src/api/bulk/runner.ts: at most 4 in flight, a 429's `Retry-After`
 * honoured), progress at most once per ~frame, `Cancel`, and the summary with every failure and what
 * `Retry failed` resends. The project's Dashboards list and the organization's pages run on it; what
 * they show is in bulk-parts.tsx, what each request is, is theirs (`prepare`).
 *
 * It is UI state, like the form layer (use-form.ts): words, names, a frame's progress, the buttons'
 * phases. So it and its phase type live here, in components/, where the parts that draw the phase can
 * import it; src/api may import nothing of components/, and the scheduler it needs is handed in.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorDetail } from '../feedback/error-text.ts';

export interface BulkProblem {
  id: string;
  name: string;
  reason: string;
}

export interface BulkRunSummary<T> {
  /** The action in words ("Pin", "Add the tag “x”"). */
  verb: string;
  updated: number;
  failed: BulkProblem[];
  /** Left out up front: the console knew the key may not change them. */
  leftOut: BulkProblem[];
  /** Never sent (cancelled). */
  notSent: number;
  /** The failed items as sent, for `Retry failed`. */
  retryItems: T[];
  /** Words after the summary's title (an Undo's run says so). */
  note?: string;
}

/** The phases of a bulk run, the one type of them: this hook makes them, bulk-parts.tsx draws them (see above). */
export type BulkPhase<T> =
  | { kind: 'idle' }
  | { kind: 'collecting'; verb: string; loaded: number; total: number }
  | { kind: 'running'; verb: string; done: number; total: number; paused: boolean }
  | { kind: 'done'; summary: BulkRunSummary<T> }
  | { kind: 'error'; verb: string; message: string };

/** What a run's progress says: how many items have their answer, and whether a 429 pause holds. */
type RunnerProgress = { done: number; total: number; pausedUntil: number | null };

/** What sends the items: src/api/bulk/runner.ts's `runBulk`, handed in by the page. */
export type BulkRunner = <T>(run: {
  items: ReadonlyArray<T>;
  send: (item: T, signal: AbortSignal) => Promise<unknown>;
  onProgress: (progress: RunnerProgress) => void;
}) => {
  done: Promise<{ updated: ReadonlyArray<{ item: T }>; failed: ReadonlyArray<{ item: T; reason: string }>; notSent: ReadonlyArray<T> }>;
  cancel: () => void;
};

/** What one run sends, and what happens once it ended. */
export interface BulkRunHandlers<T> {
  send: (item: T, signal: AbortSignal) => Promise<unknown>;
  /** After the last answer, with the items that succeeded. */
  finish?: (updated: T[]) => void;
}

/** Every item matching, fetched when the action starts. */
export interface BulkCollect<T> {
  total: number;
  collect: (options: { signal: AbortSignal; onPage: (loaded: number, total: number) => void }) => Promise<T[]>;
}

export interface UseBulkRunOptions<A, T> {
  runner: BulkRunner;
  verb: (action: A) => string;
  itemKey: (item: T) => string;
  itemName: (item: T) => string;
  /** Why the key may not do `action` to `item`, known up front; null to send it. */
  refusal: (action: A, item: T) => string | null;
  prepare: (action: A) => BulkRunHandlers<T>;
}

/** How a run is told apart in its summary. */
export interface BulkStartOptions {
  /** Words after the summary's title, e.g. that the run undoes a delete. */
  note?: string;
}

export interface BulkRunState<A, T> {
  phase: BulkPhase<T>;
  busy: boolean;
  start: (action: A, source: ReadonlyArray<T> | BulkCollect<T>, options?: BulkStartOptions) => Promise<void>;
  /** `Retry failed`: the last run's action (and note) again, over these items. */
  retry: (items: T[]) => void;
  cancel: () => void;
  /** Back to idle (the summary's `Dismiss`). */
  dismiss: () => void;
}

export function useBulkActionRun<A, T>(options: UseBulkRunOptions<A, T>): BulkRunState<A, T> {
  const [phase, setPhase] = useState<BulkPhase<T>>({ kind: 'idle' });
  const runRef = useRef<ReturnType<BulkRunner> | null>(null);
  const collectRef = useRef<AbortController | null>(null);
  const lastRef = useRef<{ action: A; options: BulkStartOptions } | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  // Leaving the page mid-run: no new request starts.
  useEffect(
    () => () => {
      runRef.current?.cancel();
      collectRef.current?.abort();
    },
    [],
  );

  const start = useCallback(async (action: A, source: ReadonlyArray<T> | BulkCollect<T>, startOptions: BulkStartOptions = {}) => {
    if (runRef.current || collectRef.current) return;
    lastRef.current = { action, options: startOptions };
    const { note } = startOptions;
    const { runner, verb: verbOf, itemKey, itemName, refusal, prepare } = optionsRef.current;
    const verb = verbOf(action);
    let items: ReadonlyArray<T>;
    if ('collect' in source) {
      const controller = new AbortController();
      collectRef.current = controller;
      setPhase({ kind: 'collecting', verb, loaded: 0, total: source.total });
      try {
        items = await source.collect({
          signal: controller.signal,
          onPage: (loaded, total) => setPhase({ kind: 'collecting', verb, loaded, total }),
        });
      } catch (error) {
        collectRef.current = null;
        setPhase(
          controller.signal.aborted
            ? { kind: 'done', summary: { verb, updated: 0, failed: [], leftOut: [], notSent: source.total, retryItems: [], note } }
            : { kind: 'error', verb, message: errorDetail(error) },
        );
        return;
      }
      collectRef.current = null;
    } else {
      items = source;
    }

    const leftOut: BulkProblem[] = [];
    const toSend: T[] = [];
    for (const item of items) {
      const why = refusal(action, item);
      if (why) leftOut.push({ id: itemKey(item), name: itemName(item), reason: why });
      else toSend.push(item);
    }

    const handlers = prepare(action);
    let frame: ReturnType<typeof setTimeout> | null = null;
    let latest: RunnerProgress | null = null;
    const showProgress = () => {
      frame = null;
      if (latest) setPhase({ kind: 'running', verb, done: latest.done, total: latest.total, paused: latest.pausedUntil !== null });
    };
    const run = runner<T>({
      items: toSend,
      // The run keeps no answer: each goes where the page keeps it as it arrives.
      send: async (item, signal) => {
        await handlers.send(item, signal);
        return null;
      },
      // One render per ~frame, not per answer.
      onProgress: (progress) => {
        latest = progress;
        frame ??= setTimeout(showProgress, 50);
      },
    });
    runRef.current = run;
    setPhase({ kind: 'running', verb, done: 0, total: toSend.length, paused: false });
    const outcome = await run.done;
    if (frame !== null) clearTimeout(frame);
    runRef.current = null;
    setPhase({
      kind: 'done',
      summary: {
        verb,
        updated: outcome.updated.length,
        failed: outcome.failed.map((f) => ({ id: itemKey(f.item), name: itemName(f.item), reason: f.reason })),
        leftOut,
        notSent: outcome.notSent.length,
        retryItems: outcome.failed.map((f) => f.item),
        note,
      },
    });
    handlers.finish?.(outcome.updated.map((result) => result.item));
  }, []);

  const retry = useCallback(
    (items: T[]) => {
      const last = lastRef.current;
      if (last) void start(last.action, items, last.options);
    },
    [start],
  );

  const cancel = useCallback(() => {
    runRef.current?.cancel();
    collectRef.current?.abort();
  }, []);

  const dismiss = useCallback(() => setPhase({ kind: 'idle' }), []);

  return { phase, busy: phase.kind === 'collecting' || phase.kind === 'running', start, retry, cancel, dismiss };
}
