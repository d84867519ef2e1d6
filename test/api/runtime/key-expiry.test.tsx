import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshConsole } from '../../console.ts';
import { renderApp } from '../../render.tsx';

// Each test connects through the real Connect page: allow for a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const STORAGE_KEY = 'analytics-console:connection';
/** vi.waitFor with room for a busy machine. */
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5_000 });
const HOUR = 60 * 60 * 1000;

/** Every value kept in web storage, as one string. */
const stored = () => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]);

describe('Keys expire (Forget the key after)', () => {
  beforeEach(() => {
    // Real time still passes (the mock answers, React renders); advanceTimersByTime jumps ahead.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the choice only while the key is remembered, Never first', async () => {
    const { user } = renderApp('/connect', { key: null });
    const remember = await screen.findByRole('checkbox', { name: 'Remember this key on this device' });
    expect(screen.queryByRole('combobox', { name: 'Forget the key after' })).not.toBeInTheDocument();
    await user.click(remember);
    const select = screen.getByRole('combobox', { name: 'Forget the key after' });
    expect(select).toHaveValue('never');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Never', '1 hour', '8 hours', '7 days']);
    await user.click(remember);
    expect(screen.queryByRole('combobox', { name: 'Forget the key after' })).not.toBeInTheDocument();
  });

  it('forgets a key kept for 1 hour at that time: both storages are emptied and Connect says why', async () => {
    const { user, location, runtime } = renderApp('/connect?next=%2Fprojects%2F1%2Fdashboards', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('checkbox', { name: 'Remember this key on this device' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Forget the key after' }), '1 hour');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboards' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toContain('phx_demo_admin');
    expect(runtime.connection.get()?.expiresAt).toBeGreaterThan(Date.now() + HOUR - 60_000);

    vi.advanceTimersByTime(HOUR - 60_000);
    expect(runtime.connection.get()?.key).toBe('phx_demo_admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeInTheDocument();

    vi.advanceTimersByTime(60_000);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This device forgot the key');
    expect(runtime.connection.get()).toBeNull();
    expect(stored()).not.toContain('phx_');
    // Connecting again returns to the page it was on.
    expect(location().search).toBe(`?next=${encodeURIComponent('/projects/1/dashboards')}`);
  });

  it('Never keeps a remembered key however long the tab stays open', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('checkbox', { name: 'Remember this key on this device' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    vi.advanceTimersByTime(30 * 24 * HOUR);
    expect(runtime.connection.get()).toMatchObject({ key: 'phx_demo_admin', remembered: true, expiresAt: null });
    expect(localStorage.getItem(STORAGE_KEY)).toContain('phx_demo_admin');
  });

  it('a key switch keeps the deadline chosen on Connect', async () => {
    const { user, runtime } = renderApp('/connect', { key: null });
    await user.type(await screen.findByLabelText('Personal API key'), 'phx_demo_admin');
    await user.click(screen.getByRole('checkbox', { name: 'Remember this key on this device' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Forget the key after' }), '8 hours');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    const deadline = runtime.connection.get()?.expiresAt;

    await user.click(await screen.findByRole('button', { name: 'Mock controls' }));
    await user.click(await screen.findByRole('button', { name: 'Switch to phx_demo_member' }));
    await eventually(() => expect(runtime.connection.get()?.key).toBe('phx_demo_member'));
    expect(runtime.connection.get()?.expiresAt).toBe(deadline);

    vi.advanceTimersByTime(8 * HOUR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect' })).toBeInTheDocument();
    expect(stored()).not.toContain('phx_');
  });

  it('on the next load after the deadline, the stored key is wiped before anything uses it', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_admin', expiresAt: Date.now() - 1 }));
    const { connection } = freshConsole().runtime;
    expect(connection.get()).toBeNull();
    expect(connection.getState().notice).toMatch(/This device forgot the key/);
    expect(stored()).not.toContain('phx_');
  });

  it('a remembered key still valid at load is used, with its deadline', async () => {
    const expiresAt = Date.now() + HOUR;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ host: '', key: 'phx_demo_admin', expiresAt }));
    const { connection } = freshConsole().runtime;
    expect(connection.get()).toEqual({ host: '', key: 'phx_demo_admin', remembered: true, expiresAt });
    vi.advanceTimersByTime(HOUR);
    expect(connection.get()).toBeNull();
    expect(stored()).not.toContain('phx_');
  });
});
