/**
 * The cold start's one door (DESIGN.md): what makes a full page load faster, handed to main.tsx as
 * one object. Each piece stays only while the bench shows it pays (docs/performance.md).
 * - The page's inline script (first-screen-requests.ts, written into index.html by build/entry-head.ts)
 *   warms up the date formats and asks for the route's chunks and first API request while the
 *   entry downloads; `transport` answers the console's same request with it (early-answer.ts).
 * - `transport`, `afterFirstPaint`, `armPaintHold`: requests and work started while the first screen
 *   is committed wait until it is painted (paint-hold.ts). The API layer only gets the transport.
 * - `firstRouteReady`: the first render waits briefly for the route's code and data (first-route.ts).
 */
import type { Transport } from '../../api/runtime/runtime.ts';
import { EARLY_REQUEST } from './first-screen-requests.ts';
import { answerEarly, type EarlyRequest } from './early-answer.ts';
import { firstRouteReady } from './first-route.ts';
import { createPaintHold } from './paint-hold.ts';

export interface ColdStart {
  transport: Transport;
  afterFirstPaint(work: () => void): void;
  /** Called by the app once its first render has committed. */
  armPaintHold(): void;
  firstRouteReady: typeof firstRouteReady;
}

export function startColdStart(): ColdStart {
  const hold = createPaintHold();
  const transport = answerEarly((url, init) => fetch(url, init), (window as { [EARLY_REQUEST]?: EarlyRequest })[EARLY_REQUEST]);
  return { transport: hold.transport(transport), afterFirstPaint: hold.afterFirstPaint, armPaintHold: hold.arm, firstRouteReady };
}
