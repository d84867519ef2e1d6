/**
 * Requests started while the first screen is committed wait until it is painted
 * (src/app/cold-start/paint-hold.ts): the app arms the hold in a layout effect of its first render,
 * and the transport the cold start hands the runtime sends nothing until the frame after it. Each
 * test makes its own hold, as each page load does.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, type ApiCall } from '../../../src/api/client/http.ts';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import { CANCELLED_DETAIL } from '../../../src/api/runtime/request-log.ts';
import { createPaintHold, HOLD_AT_MOST_MS, type PaintHold } from '../../../src/app/cold-start/paint-hold.ts';
import { organizationSchema } from '../../../src/contract/schemas.ts';
import { freshConsole } from '../../console.ts';
import { server } from '../../setup.ts';

/** Animation frames that run only when the test says the browser paints. */
function controlledFrames() {
  const callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callbacks.push(callback));
  return {
    /** Runs the frame's callbacks, then lets the task queued after the paint run. */
    async paint() {
      for (const callback of callbacks.splice(0)) callback(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

const organization = (call: ApiCall) => apiRequest(call, { endpoint: 'organizations.current', path: '/api/organizations/@current/', schema: organizationSchema });

describe('requests while the first screen is painted', () => {
  let sent: string[];
  let runtime: ConsoleRuntime;
  let call: ApiCall;
  let hold: PaintHold;
  beforeEach(() => {
    hold = createPaintHold();
    ({ runtime, call } = freshConsole({ key: 'phx_demo_admin', transport: hold.transport((url, init) => fetch(url, init)) }));
    sent = [];
    server.events.on('request:start', ({ request }) => sent.push(new URL(request.url).pathname));
  });
  afterEach(() => {
    server.events.removeAllListeners();
    vi.unstubAllGlobals();
  });

  it('sends nothing until the frame after the first commit is painted, then sends and answers as usual', async () => {
    const frames = controlledFrames();
    hold.arm();
    const answer = organization(call);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    expect(runtime.requestLog.get()).toEqual([]);

    await frames.paint();
    await expect(answer).resolves.toMatchObject({ name: expect.any(String) });
    expect(sent).toEqual(['/api/organizations/@current/']);
    expect(runtime.requestLog.get()).toHaveLength(1);

    // Once painted, requests go out at once.
    await organization(call);
    expect(sent).toHaveLength(2);
  });

  it('a request cancelled while held is never sent, and the log says the console cancelled it', async () => {
    const frames = controlledFrames();
    hold.arm();
    const controller = new AbortController();
    const answer = apiRequest({ ...call, signal: controller.signal }, { endpoint: 'organizations.current', path: '/api/organizations/@current/', schema: organizationSchema });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    await frames.paint();
    expect(sent).toEqual([]);
    expect(runtime.requestLog.get()).toEqual([expect.objectContaining({ status: null, cancelled: true, errorDetail: CANCELLED_DETAIL })]);
  });

  it('runs the work put off until the first paint once the frame is painted, and at once after that', async () => {
    const frames = controlledFrames();
    hold.arm();
    const done: string[] = [];
    hold.afterFirstPaint(() => done.push('first'));
    expect(done).toEqual([]);
    await frames.paint();
    expect(done).toEqual(['first']);
    hold.afterFirstPaint(() => done.push('later'));
    expect(done).toEqual(['first', 'later']);
  });

  it('holds nothing in a tab opened in the background, where no frame is painted', async () => {
    controlledFrames();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      hold.arm();
      await organization(call);
      expect(sent).toEqual(['/api/organizations/@current/']);
    } finally {
      visibility.mockRestore();
    }
  });

  it('ends a hold after HOLD_AT_MOST_MS even if no frame comes', async () => {
    controlledFrames();
    hold.arm();
    const answer = organization(call);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, HOLD_AT_MOST_MS));
    await answer;
    expect(sent).toEqual(['/api/organizations/@current/']);
  });

  it('holds nothing where frames are never painted', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    server.use(http.get('*/api/organizations/@current/', () => HttpResponse.json({ id: 'x' }, { status: 500 })));
    hold.arm();
    await expect(organization(call)).rejects.toThrow();
    expect(sent).toEqual(['/api/organizations/@current/']);
  });
});
