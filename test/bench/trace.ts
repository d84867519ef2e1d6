// Where a cold visit's time goes, read from Chrome's performance trace (cold.ts records it): the
// network (the HTML, each script, each API request) and the page's main thread, by kind of work,
// from the navigation's start until the awaited text is painted. docs/performance.md holds the table.
import type { TraceEvent } from './cold.ts';

export interface Received {
  url: string;
  /** Milliseconds after the navigation's start. */
  sent: number;
  received: number;
}

export interface TraceBreakdown {
  html: Received | null;
  scripts: Received[];
  api: Received[];
  /** Main-thread milliseconds by kind of work (the time of nested work counted once, in the innermost kind known). */
  mainThread: Record<MainThreadWork, number>;
  /** Milliseconds from the navigation's start to the painted first row (as the visit measured it). */
  end: number;
}

export type MainThreadWork = 'html' | 'compile' | 'evaluate' | 'script' | 'style & layout' | 'paint' | 'gc' | 'other';

/** Each trace event's kind; an event of no kind here (an inner detail) counts as its parent's. */
const KINDS: Record<string, MainThreadWork> = {
  ParseHTML: 'html',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'v8.evaluateModule': 'evaluate',
  'v8.run': 'evaluate',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  EventDispatch: 'script',
  UpdateLayoutTree: 'style & layout',
  Layout: 'style & layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  MinorGC: 'gc',
  MajorGC: 'gc',
  RunTask: 'other',
};

const data = (event: TraceEvent) => (event.args?.data ?? {}) as Record<string, unknown>;

/**
 * The breakdown of the visit to `url` in `events`, up to `endMs` after its navigation started (the
 * figure the visit measured, which is itself performance.now() on the page).
 */
export function breakdown(events: TraceEvent[], url: string, endMs: number): TraceBreakdown {
  const navigation = events.find((event) => event.name === 'navigationStart' && data(event).documentLoaderURL === url);
  if (!navigation) throw new Error(`the trace has no navigation to ${url}`);
  const start = navigation.ts;
  const end = start + endMs * 1000;
  const ms = (ts: number) => (ts - start) / 1000;

  const sent = new Map<string, TraceEvent>();
  const requests: Array<Received & { type: string }> = [];
  for (const event of events) {
    const { requestId } = data(event) as { requestId?: string };
    if (!requestId) continue;
    if (event.name === 'ResourceSendRequest') sent.set(requestId, event);
    if (event.name !== 'ResourceFinish') continue;
    const request = sent.get(requestId);
    if (!request || request.ts < start) continue;
    const finishTime = data(event).finishTime as number | undefined;
    const { url: requested, resourceType } = data(request) as { url: string; resourceType?: string };
    requests.push({ url: requested, type: resourceType ?? '', sent: ms(request.ts), received: ms(finishTime ? finishTime * 1e6 : event.ts) });
  }
  const before = requests.filter((request) => request.sent <= endMs).sort((a, b) => a.sent - b.sent);

  const mainThread = Object.fromEntries(
    (['html', 'compile', 'evaluate', 'script', 'style & layout', 'paint', 'gc', 'other'] as const).map((kind) => [kind, 0]),
  ) as Record<MainThreadWork, number>;
  const onMain = events
    .filter((event) => event.tid === navigation.tid && event.pid === navigation.pid && event.ph === 'X' && event.dur !== undefined)
    .filter((event) => event.ts >= start && event.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Self time: each event's duration less its children's, given to its kind (or its parent's).
  const stack: Array<{ end: number; kind: MainThreadWork | null }> = [];
  for (const event of onMain) {
    while (stack.length && stack.at(-1)!.end <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const kind = KINDS[event.name] ?? parent?.kind ?? null;
    const eventEnd = Math.min(event.ts + event.dur!, end);
    const length = (eventEnd - event.ts) / 1000;
    if (kind) mainThread[kind] += length;
    if (parent?.kind) mainThread[parent.kind] -= length;
    stack.push({ end: event.ts + event.dur!, kind });
  }
  const isScript = (request: { url: string; type: string }) => request.type === 'Script' || /\.m?js(\?|$)/.test(request.url);
  return {
    html: before.find((request) => request.type === 'Document') ?? null,
    scripts: before.filter(isScript),
    api: before.filter((request) => /\/(api|__mock)\//.test(new URL(request.url).pathname)),
    mainThread,
    end: endMs,
  };
}
