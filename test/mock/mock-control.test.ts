// createMock's control side as the demo's service worker uses it: the fault settings it keeps in
// localStorage are saved when onFaultsChange says they changed (a PUT /__mock/faults, a reset).
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock/index.ts';
import type { World } from '../../src/mock/store/worlds.ts';

describe('createMock({ onFaultsChange })', () => {
  it('hears each change of a world’s faults, with that world, after the change', async () => {
    const heard: Array<{ world: string; errorRate: number }> = [];
    const mock = createMock({ onFaultsChange: (world: World) => heard.push({ world: world.name, errorRate: world.faults.error_rate }) });
    const send = (path: string, init: RequestInit = {}) => getResponse(mock.handlers, new Request(`http://localhost${path}`, init));
    const put = (body: unknown, world?: string) =>
      send('/__mock/faults', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(world ? { 'x-mock-world': world } : {}) },
        body: JSON.stringify(body),
      });

    expect((await put({ error_rate: 0.5 }))?.status).toBe(200);
    expect((await put({ error_rate: 0.25 }, 'qa-1'))?.status).toBe(200);
    expect((await send('/__mock/reset', { method: 'POST' }))?.status).toBe(204);
    mock.setFaults({ latency_ms: 0, error_rate: 0.75, rules: [], production_key_rules: false });
    // A refused PUT changes nothing, and says nothing.
    expect((await put({ error_rate: 2 }))?.status).toBe(400);

    expect(heard).toEqual([
      { world: 'default', errorRate: 0.5 },
      { world: 'qa-1', errorRate: 0.25 },
      { world: 'default', errorRate: 0 },
      { world: 'default', errorRate: 0.75 },
    ]);
    expect(mock.getFaults().error_rate).toBe(0.75);
  });
});
