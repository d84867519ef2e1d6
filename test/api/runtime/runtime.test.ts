// The console's runtime is an object, not module state: two consoles in one test keep their own
// connection and request log, talk to each other only as two tabs do, and a disposed one hears nothing.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fetchProject } from '../../../src/api/resources/projects.ts';
import { runtimeOf } from '../../../src/api/runtime/runtime.ts';
import { saveConnection } from '../../../src/api/connect/save-connection.ts';
import { freshConsole } from '../../console.ts';

/** vi.waitFor with room for a busy machine. */
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5_000 });

describe('the console runtime', () => {
  it('is reached through the QueryClient that carries it, and only such a client', () => {
    const { runtime, queryClient } = freshConsole();
    expect(runtimeOf(queryClient)).toBe(runtime);
    expect(() => runtimeOf(new QueryClient())).toThrow('This QueryClient carries no console runtime');
  });

  it('keeps one request log per console', async () => {
    const first = freshConsole({ key: 'phx_demo_admin' });
    const second = freshConsole();
    await fetchProject(1, first.call);
    expect(first.runtime.requestLog.get()).toHaveLength(1);
    expect(second.runtime.requestLog.get()).toEqual([]);
  });

  it('two consoles are two tabs: a disconnect in one reaches the other through the channel, never the key', async () => {
    const here = freshConsole({ key: 'phx_demo_admin' }).runtime;
    const other = freshConsole().runtime;
    expect(other.connection.get()?.key).toBe('phx_demo_admin');
    const heard: unknown[] = [];
    here.tabs.listen((message) => heard.push(message));
    other.connection.disconnect({ byPerson: true });
    await eventually(() => expect(here.connection.get()).toBeNull());
    expect(here.connection.getState().notice).toBe('You disconnected in another tab of the console.');
    expect(JSON.stringify(heard)).not.toContain('phx_');
  });

  it('a disposed console hears nothing more from the other tabs', async () => {
    const gone = freshConsole({ key: 'phx_demo_admin' }).runtime;
    const watching = freshConsole().runtime;
    gone.dispose();
    const other = freshConsole().runtime;
    saveConnection(other, { host: '', key: 'phx_demo_member', remember: false });
    // The console still listening goes to Connect (another key, not remembered); the disposed one keeps its state.
    await eventually(() => expect(watching.connection.getState().notice).toBe('Another tab connected with another key. Connect again here to continue.'));
    expect(gone.connection.get()?.key).toBe('phx_demo_admin');
  });
});
