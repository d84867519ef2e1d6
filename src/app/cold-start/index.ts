/**
 * The cold start's one door (DESIGN.md): what makes a full page load faster, handed to main.tsx as
 * one object. Each piece stays only while the bench shows it pays (docs/performance.md, "Ablation").
 * - The page's inline script (before-entry.ts, written into index.html by build/early-routes.ts)
 *   preloads the route's code and warms up the date formats; the console never imports it.
 * - `transport`: what the runtime sends requests through (src/api/runtime/runtime.ts): requests started
 *   while the first screen is committed go out once it is painted (paint-hold.ts).
 * - `afterFirstPaint`: work the routes put off until the first screen is painted (the key's access).
 * - `armPaintHold`: called by the app once its first render has committed.
 * - `firstRouteReady`: the first render waits briefly for the route's code and data (first-route.ts).
 * The API layer knows none of this: it only gets a transport.
 */
import type { Transport } from '../../api/runtime/runtime.ts';
import { firstRouteReady } from './first-route.ts';
import { createPaintHold } from './paint-hold.ts';

export interface ColdStart {
  transport: Transport;
  afterFirstPaint(work: () => void): void;
  armPaintHold(): void;
  firstRouteReady: typeof firstRouteReady;
}

/** The cold start of one page load. */
export function startColdStart(): ColdStart {
  const hold = createPaintHold();
  return {
    transport: hold.transport((url, init) => fetch(url, init)),
    afterFirstPaint: hold.afterFirstPaint,
    armPaintHold: hold.arm,
    firstRouteReady,
  };
}
