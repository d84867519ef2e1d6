import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LinkTabs } from '../../../src/components/layout/link-tabs.tsx';

describe('LinkTabs', () => {
  it('marks the tab of the URL and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    const Layout = () => (
      <LinkTabs
        label="Dashboard sections"
        tabs={[
          { to: '/d/7', label: 'Overview' },
          { to: '/d/7/collaborators', label: 'Collaborators' },
          { to: '/d/7/sharing', label: 'Sharing' },
        ]}
      >
        <Outlet />
      </LinkTabs>
    );
    const router = createMemoryRouter(
      [
        {
          path: '/d/7',
          element: <Layout />,
          children: [
            { index: true, element: <p>Overview content</p> },
            { path: 'collaborators', element: <p>Collaborators content</p> },
            { path: 'sharing', element: <p>Sharing content</p> },
          ],
        },
      ],
      { initialEntries: ['/d/7/collaborators'] },
    );
    render(<RouterProvider router={router} />);
    const tablist = screen.getByRole('tablist', { name: 'Dashboard sections' });
    const collaborators = within(tablist).getByRole('tab', { name: 'Collaborators' });
    expect(collaborators).toHaveAttribute('aria-selected', 'true');
    expect(collaborators).toHaveAttribute('tabindex', '0');
    expect(within(tablist).getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Collaborators' })).toHaveTextContent('Collaborators content');

    collaborators.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/7/sharing'));
    expect(within(tablist).getByRole('tab', { name: 'Sharing' })).toHaveFocus();
    expect(within(tablist).getByRole('tab', { name: 'Sharing' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/7'));
    expect(await screen.findByText('Overview content')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/7/sharing'));
    await user.keyboard('{End}');
    expect(router.state.location.pathname).toBe('/d/7/sharing');
  });
});
