import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiGet, renderApp } from '../../render.tsx';

interface DashboardPage {
  results: Array<{ id: number; name: string | null }>;
}

const goToBox = () => screen.getByRole('combobox', { name: 'Search projects, dashboards and pages' });
const activeOption = () => {
  const id = goToBox().getAttribute('aria-activedescendant');
  // eslint-disable-next-line testing-library/no-node-access -- aria-activedescendant names the option by id.
  return id ? document.getElementById(id) : null;
};

describe('Go to (Ctrl+K)', () => {
  it('opens with Ctrl+K, finds a dashboard by name through the API, and Enter opens it', async () => {
    const dashboards = await apiGet<DashboardPage>('/api/projects/1/dashboards/?limit=100');
    const target = dashboards.results.find((d) => d.name && d.name.length > 6)!;
    const { user, location } = renderApp('/projects/1/settings');
    await screen.findByRole('heading', { level: 1, name: 'Project settings' });

    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Go to' });
    expect(goToBox()).toHaveFocus();
    // Empty: the pages of the project first, the first one active.
    expect(activeOption()).toHaveTextContent('Projects');

    await user.keyboard(target.name!);
    const listbox = within(dialog).getByRole('listbox', { name: 'Results' });
    const option = await within(await within(listbox).findByRole('group', { name: 'Dashboards' })).findByRole('option', {
      name: new RegExp(target.name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await waitFor(() => expect(activeOption()).toBe(option));
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(location().pathname).toBe(`/projects/1/dashboards/${target.id}`));
    expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument();
  });

  it('arrow keys move the active option; one Escape closes and gives focus back, also from inside a field', async () => {
    const { user } = renderApp('/projects/1/dashboards');
    const search = await screen.findByRole('searchbox', { name: 'Search dashboards' });
    await user.click(search);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Go to' });
    expect(search).toHaveValue('');

    const first = activeOption();
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).not.toBe(first);
    expect(activeOption()).toHaveTextContent('Dashboards');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps to the last option (an action).
    // eslint-disable-next-line testing-library/no-node-access -- the option's group is what says it is an action.
    expect(activeOption()?.closest('[role="group"]')).toHaveAttribute('aria-label', 'Actions');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('opens from the top bar button Go to…, and finds projects through the API', async () => {
    const { user, location } = renderApp('/projects/1/dashboards');
    await user.click(await screen.findByRole('button', { name: 'Go to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go to' });
    await user.keyboard('mobile');
    const projects = await within(dialog).findByRole('group', { name: 'Projects' });
    const option = await within(projects).findByRole('option', { name: /Mobile Apps/ });
    await user.click(option);
    await waitFor(() => expect(location().pathname).toBe('/projects/3/dashboards'));
    expect(screen.getByRole('button', { name: 'Go to…' })).toHaveFocus();
  });

  it('says when nothing matches', async () => {
    const { user } = renderApp('/projects/1/dashboards');
    await screen.findByRole('heading', { level: 1, name: 'Dashboards' });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Go to' });
    await user.keyboard('qqqzzzxxx');
    expect(await screen.findByText('Nothing matches “qqqzzzxxx”.')).toBeInTheDocument();
    expect(goToBox()).not.toHaveAttribute('aria-activedescendant');
  });

  it('Toggle API log opens the API log panel', async () => {
    const { user } = renderApp('/projects/2/settings');
    await screen.findByRole('heading', { level: 1, name: 'Project settings' });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Go to' });
    await user.keyboard('toggle api{Enter}');
    expect(await screen.findByRole('complementary', { name: 'API log panel' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument();
  });

  it('New dashboard opens the dialog New dashboard on the project’s Dashboards', async () => {
    const { user, location } = renderApp('/projects/2/settings');
    await screen.findByRole('heading', { level: 1, name: 'Project settings' });
    await user.click(screen.getByRole('button', { name: 'Go to…' }));
    await screen.findByRole('dialog', { name: 'Go to' });
    await user.keyboard('new dash{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/projects/2/dashboards'));
    // The page and the dialog load their code first (slow in jsdom on a busy machine).
    expect(await screen.findByRole('dialog', { name: 'New dashboard' }, { timeout: 20_000 })).toBeInTheDocument();
    // The request to open it is forgotten once used: a reload of this entry does not open it again.
    await waitFor(() => expect(location().state).toBeNull());
    expect(location().pathname).toBe('/projects/2/dashboards');
    expect(screen.getByRole('dialog', { name: 'New dashboard' })).toBeInTheDocument();
  });

  it('Switch demo key… lists the demo keys and switches to the chosen one', async () => {
    const { user, runtime } = renderApp('/projects/2/settings');
    await screen.findByRole('heading', { level: 1, name: 'Project settings' });
    await user.click(screen.getByRole('button', { name: 'Go to…' }));
    await screen.findByRole('dialog', { name: 'Go to' });
    await user.keyboard('switch demo{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Go to: switch demo key' });
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Switch to phx_demo_member'), expect.stringContaining('Switch to phx_demo_readonly')]),
    );
    await user.keyboard('member{Enter}');
    await waitFor(() => expect(runtime.connection.get()?.key).toBe('phx_demo_member'));
    expect(await screen.findByText(/Now using phx_demo_member/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Go to/ })).not.toBeInTheDocument();
  });
});
