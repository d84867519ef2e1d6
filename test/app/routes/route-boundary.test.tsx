import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from '../../../src/app/routes/route-boundary.tsx';

describe('RouteBoundary', () => {
  it('shows what failed and recovers with Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const Flaky = () => {
      if (fail) throw new Error('The page broke.');
      return <h1>Recovered</h1>;
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <RouteBoundary><Flaky /></RouteBoundary> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByText('The page broke.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to projects' })).toHaveAttribute('href', '/projects');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
