// Mock controls, `World` (API.md §9, CONSOLE.md "API log"): the tab's mock world, kept with the connection.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../../src/api/runtime/storage-keys.ts';
import { buildCurlCommand } from '../../../src/components/share-request/curl.ts';
import { renderApp } from '../../render.tsx';
import { mock } from '../../setup.ts';

type User = ReturnType<typeof renderApp>['user'];

async function openControls(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Mock controls' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Mock controls' }, { timeout: 5000 });
}

const world = 'qa-world_1';

afterEach(() => {
  const named = mock.worlds.peek(world);
  if (named) mock.reset(named);
});

describe('Mock controls: World', () => {
  it('refuses an invalid name under the field and changes nothing', async () => {
    const { user, runtime } = renderApp('/projects');
    const dialog = await openControls(user);
    const field = within(dialog).getByRole('textbox', { name: 'World' });
    await user.type(field, 'has spaces!');
    await user.click(within(dialog).getByRole('button', { name: 'Use this world' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('A world name is 1 to 40 letters, digits, "-" or "_".'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(runtime.connection.get()?.world).toBeUndefined();
    expect(runtime.requestLog.get().some((entry) => entry.requestHeaders?.some(([name]) => name === 'X-Mock-World'))).toBe(false);

    await user.clear(field);
    await user.type(field, 'x'.repeat(41));
    await user.click(within(dialog).getByRole('button', { name: 'Use this world' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(runtime.connection.get()?.world).toBeUndefined();
  });

  it('moves the tab to a world: every request carries it, the page shows that world’s data, and Reset resets only it', async () => {
    // A project in the default world: the named world, seeded afresh, does not have it.
    const response = await fetch(new URL('/api/organizations/@current/projects/', window.location.origin), {
      method: 'POST',
      headers: { Authorization: 'Bearer phx_demo_admin', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Only in the default world' }),
    });
    expect(response.status).toBe(201);
    const { user, runtime } = renderApp('/projects');
    expect(await screen.findByRole('link', { name: 'Only in the default world' }, { timeout: 5000 })).toBeInTheDocument();

    const dialog = await openControls(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'World' }), world);
    const before = runtime.requestLog.get()[0]!.id;
    await user.click(within(dialog).getByRole('button', { name: 'Use this world' }));

    expect(await screen.findByText(`Now using the world ${world}: the page was loaded again from it.`)).toBeInTheDocument();
    expect(runtime.connection.get()?.world).toBe(world);
    // Kept with the connection (sessionStorage here: the key is not remembered).
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!)).toMatchObject({ world });
    expect(screen.getByText(`World: ${world}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Only in the default world' })).not.toBeInTheDocument());
    const after = runtime.requestLog.get().filter((entry) => entry.id > before);
    expect(after.length).toBeGreaterThan(0);
    for (const entry of after) expect(entry.requestHeaders).toContainEqual(['X-Mock-World', world]);
    // Copy as curl repeats it; the key never appears.
    const curl = buildCurlCommand(after[0]!, { secrets: ['phx_demo_admin'] });
    expect(curl).toContain(`-H 'X-Mock-World: ${world}'`);
    expect(curl).not.toContain('phx_demo_admin');
    expect(mock.worlds.peek(world)).toBeDefined();

    // A project made in the world, then Reset demo data: the world is back to the seed, the default keeps its project.
    const named = mock.worlds.peek(world)!;
    const made = await fetch(new URL('/api/organizations/@current/projects/', window.location.origin), {
      method: 'POST',
      headers: { Authorization: 'Bearer phx_demo_admin', 'Content-Type': 'application/json', 'X-Mock-World': world },
      body: JSON.stringify({ name: 'Made in the world' }),
    });
    expect(made.status).toBe(201);
    const organization = mock.store.project(1)!.organization_id;
    expect(named.store.projectsOf(organization).some((p) => p.name === 'Made in the world')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset demo data?' });
    expect(confirm).toHaveTextContent(`in the world ${world}`);
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(/^Demo data reset/)).toBeInTheDocument();
    expect(named.store.projectsOf(organization).some((p) => p.name === 'Made in the world')).toBe(false);
    expect(mock.store.projectsOf(organization).some((p) => p.name === 'Only in the default world')).toBe(true);

    // Empty is the default world again.
    const field = within(dialog).getByRole('textbox', { name: 'World' });
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Use this world' }));
    expect(await screen.findByText('Now using the default world: the page was loaded again from it.')).toBeInTheDocument();
    expect(runtime.connection.get()?.world).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Only in the default world' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
