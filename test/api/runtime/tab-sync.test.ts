// The other tabs, seen from this one: messages arrive on the console's BroadcastChannel (sent here
// from a second channel, as another tab would) or, without one, through a `storage` event.
import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { saveConnection } from '../../../src/api/connect/save-connection.ts';
import { connectionFingerprint, type TabMessage } from '../../../src/api/runtime/tab-channel.ts';
import { TAB_MESSAGE_STORAGE_KEY } from '../../../src/api/runtime/storage-keys.ts';
import { anotherTab, freshConsole } from '../../console.ts';

const STORAGE_KEY = 'analytics-console:connection';
/** vi.waitFor with room for a busy machine. */
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5_000 });
const stored = () => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]);

const otherTab = anotherTab();

async function connectMessage(host: string, key: string, remembered: boolean): Promise<TabMessage> {
  const salt = 'f00dfeedf00dfeedf00dfeedf00dfeed';
  return { type: 'connect', remembered, salt, digest: (await connectionFingerprint(salt, host, key)) ?? '' };
}

describe('Tabs agree: what this tab does with the others’ messages', () => {
  it('Disconnect in another tab disconnects this one and wipes its key', async () => {
    const { runtime } = freshConsole();
    saveConnection(runtime, { host: '', key: 'phx_demo_admin', remember: false });
    otherTab.post({ type: 'disconnect', reason: 'person' } satisfies TabMessage);
    await eventually(() => expect(runtime.connection.get()).toBeNull());
    expect(runtime.connection.getState().notice).toBe('You disconnected in another tab of the console.');
    expect(stored()).not.toContain('phx_');
  });

  it('the same key connected in another tab changes nothing here', async () => {
    const { runtime } = freshConsole();
    saveConnection(runtime, { host: '', key: 'phx_demo_admin', remember: false });
    const before = runtime.connection.getState();
    otherTab.post(await connectMessage('', 'phx_demo_admin', false));
    // Time for the message and the fingerprint of this tab's key (a different one takes as long).
    await new Promise((done) => setTimeout(done, 300));
    expect(runtime.connection.getState()).toBe(before);
    expect(stored()).toContain('phx_demo_admin');
  });

  it('another key that is not remembered sends this tab to Connect, saying so', async () => {
    const { runtime } = freshConsole();
    saveConnection(runtime, { host: '', key: 'phx_demo_admin', remember: false });
    otherTab.post(await connectMessage('', 'phx_demo_member', false));
    await eventually(() => expect(runtime.connection.get()).toBeNull());
    expect(runtime.connection.getState().notice).toBe('Another tab connected with another key. Connect again here to continue.');
    expect(stored()).not.toContain('phx_');
  });

  it('another key that is remembered is read from localStorage', async () => {
    const { runtime } = freshConsole();
    saveConnection(runtime, { host: '', key: 'phx_demo_admin', remember: false });
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_member' }));
    otherTab.post(await connectMessage('', 'phx_demo_member', true));
    await eventually(() => expect(runtime.connection.get()?.key).toBe('phx_demo_member'));
    expect(runtime.connection.get()).toMatchObject({ remembered: true, host: '' });
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('without a BroadcastChannel, a message through the storage event has the same effect', async () => {
    const { runtime } = freshConsole();
    saveConnection(runtime, { host: '', key: 'phx_demo_admin', remember: true });
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: TAB_MESSAGE_STORAGE_KEY,
        newValue: JSON.stringify({ id: '1', message: { type: 'disconnect', reason: 'expired' } }),
        storageArea: localStorage,
      }),
    );
    expect(runtime.connection.get()).toBeNull();
    expect(runtime.connection.getState().notice).toMatch(/This device forgot the key/);
    expect(stored()).not.toContain('phx_');
  });

  it('applies the other tabs’ changes; everything also drops what is not on screen', async () => {
    const { queryClient: client } = freshConsole({ syncTabs: true });
    client.setQueryData(['dashboards', '1', 'list', { search: '', pinned: null }], { pages: [] });
    client.setQueryData(['projects', 'list', { search: '' }], { pages: [] });
    otherTab.post({ type: 'changes', changes: [{ kind: 'refresh', queryKey: ['dashboards', '1'] }] } satisfies TabMessage);
    await eventually(() => expect(client.getQueryState(['dashboards', '1', 'list', { search: '', pinned: null }])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['projects', 'list', { search: '' }])?.isInvalidated).toBe(false);

    otherTab.post({ type: 'changes', changes: [{ kind: 'everything' }] } satisfies TabMessage);
    await eventually(() => expect(client.getQueryCache().getAll()).toHaveLength(0));
  });

  it('a relist keeps only the first page of each list and refetches it; a removed record not on screen is dropped', async () => {
    const { queryClient: client } = freshConsole({ syncTabs: true });
    const list = ['dashboards', '1', 'list', { search: '', pinned: null }];
    client.setQueryData(list, { pages: [{ count: 2, results: [] }, { count: 2, results: [] }], pageParams: [0, 1] });
    client.setQueryData(['dashboards', '1', 'detail', '7'], { id: 7 });
    otherTab.post({
      type: 'changes',
      changes: [
        { kind: 'relist', queryKey: ['dashboards', '1', 'list'] },
        { kind: 'remove', queryKey: ['dashboards', '1', 'detail', '7'] },
      ],
    } satisfies TabMessage);
    await eventually(() => expect(client.getQueryState(list)?.isInvalidated).toBe(true));
    expect(client.getQueryData<{ pages: unknown[] }>(list)?.pages).toHaveLength(1);
    expect(client.getQueryState(['dashboards', '1', 'detail', '7'])).toBeUndefined();
  });
});

describe('Tabs agree: what this tab tells the others', () => {
  it('connecting and disconnecting are announced without the key', async () => {
    const { runtime } = freshConsole();
    saveConnection(runtime, { host: 'https://eu.example.com', key: 'phx_secret_key_1234', remember: true });
    runtime.connection.disconnect({ byPerson: true });
    await eventually(() => expect(otherTab.received().map((message) => message.type).sort()).toEqual(['connect', 'disconnect']));
    const connected = otherTab.received().find((message) => message.type === 'connect');
    expect(connected).toMatchObject({ type: 'connect', remembered: true });
    expect(JSON.stringify(otherTab.received())).not.toContain('phx_secret_key_1234');
    expect(otherTab.received().find((message) => message.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'person' });
  });

  it('a successful mutation’s declared changes apply here and reach the other tabs as keys only', async () => {
    const { queryClient: client } = freshConsole({ key: 'phx_demo_admin' });
    client.setQueryData(['project', '7', 'activity-log', {}], { pages: [] });
    const observer = new MutationObserver(client, {
      mutationFn: async (name: string) => ({ id: 7, name, api_token: 'phc_token_of_the_project' }),
      meta: {
        changes: (project: { id: number }, name: string) => [
          { kind: 'set', queryKey: ['project', String(project.id)], data: { ...project, name } },
          { kind: 'refresh', queryKey: ['project', '7', 'activity-log'] },
        ],
      },
    });
    await observer.mutate('Renamed');
    expect(client.getQueryData(['project', '7'])).toMatchObject({ name: 'Renamed' });
    expect(client.getQueryState(['project', '7', 'activity-log', {}])?.isInvalidated).toBe(true);
    await eventually(() =>
      expect(otherTab.received().filter((message) => message.type === 'changes')).toEqual([
        {
          type: 'changes',
          changes: [
            { kind: 'refresh', queryKey: ['project', '7'], exact: true },
            { kind: 'refresh', queryKey: ['project', '7', 'activity-log'] },
          ],
        },
      ]),
    );
    // The record's data (its token) stays in this tab.
    expect(JSON.stringify(otherTab.received())).not.toContain('phc_token_of_the_project');
  });

  it('a failed mutation changes nothing and tells no one', async () => {
    const { queryClient: client } = freshConsole({ key: 'phx_demo_admin' });
    const observer = new MutationObserver(client, {
      mutationFn: async () => Promise.reject(new Error('refused')),
      meta: { changes: () => [{ kind: 'everything' }] },
    });
    await expect(observer.mutate()).rejects.toThrow('refused');
    const marker = new BroadcastChannel('analytics-console:tabs');
    marker.postMessage({ type: 'disconnect', reason: 'person' } satisfies TabMessage);
    marker.close();
    await eventually(() => expect(otherTab.received().some((message) => message.type === 'disconnect')).toBe(true));
    expect(otherTab.received().filter((message) => message.type === 'changes')).toEqual([]);
  });
});
