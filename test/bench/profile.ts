// Where a cold visit's script time goes, by source: V8's sampling profile of the visit (cold.ts
// records it), each sample's function mapped back through the build's source maps to the package or
// src/ folder it came from. The trace (trace.ts) tells script from layout; this tells React DOM from
// the router, the contract's schema parse from the table. Layout or style forced from a script (a
// measurement) counts as that script's time here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/** The part of Chrome's `Profiler.Profile` the bench reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** The source maps read so far, by path: each build's maps are parsed once, not once per visit. */
const maps = new Map<string, TraceMap | null>();

/** What a source path belongs to: the package under node_modules, the folder under src/, or the floor app. */
function sourceGroup(source: string): string {
  const packagePath = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (packagePath) return packagePath[1]!;
  if (/bench\/floor\//.test(source)) return "the floor app's own code";
  const app = /(?:^|\/)src\/([^/]+)/.exec(source);
  return app ? `src/${app[1]!.replace(/\.tsx?$/, '')}` : source;
}

/**
 * Milliseconds of samples by source group, for a profile of the built console in `distDir` (its
 * files' source maps). A built-in function (`fetch`, `getBoundingClientRect`) counts as the build's
 * function that called it; `(browser)` is script of no file of the build (the page's inline scripts);
 * `(idle)`, `(program)` (the engine's own work: parse, compile, layout and style outside any script)
 * and `(garbage collector)` as V8 names them.
 */
export function selfTimeBySource(profile: CpuProfile, distDir: string): Map<string, number> {
  const mapOf = (file: string) => {
    const path = join(distDir, 'assets', `${file}.map`);
    if (!maps.has(path)) maps.set(path, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
    return maps.get(path)!;
  };
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const ownGroup = new Map<number, string | null>();
  for (const { id, callFrame } of profile.nodes) {
    const file = /\/assets\/([^/?#]+\.js)/.exec(callFrame.url)?.[1];
    const map = file ? mapOf(file) : null;
    if (map) {
      const { source } = originalPositionFor(map, { line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
      ownGroup.set(id, source ? sourceGroup(source) : file!);
    } else ownGroup.set(id, /^\((idle|program|garbage collector)\)$/.test(callFrame.functionName) ? callFrame.functionName : null);
  }
  const groupOf = (id: number): string => {
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
      const group = ownGroup.get(node);
      if (group) return group;
    }
    return '(browser)';
  };
  const totals = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const group = groupOf(id);
    totals.set(group, (totals.get(group) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  return totals;
}
