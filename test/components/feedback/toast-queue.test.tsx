/**
 * Toasts in numbers and across pages: at most three show at once (the older ones wait, folded into
 * "N more", and come back as newer ones go), and an error toast raised on one page is dismissed
 * when the console navigates to another page, while a global one (and a success) stays.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/app/app.tsx';
import { ToastProvider, useToast } from '../../../src/components/feedback/toast.tsx';
import { freshConsole } from '../../console.ts';

function Raiser({ count }: { count: number }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        for (let n = 1; n <= count; n += 1) toast.error(`Problem ${n}`);
      }}
    >
      Raise
    </button>
  );
}

const visibleMessages = (region: HTMLElement) =>
  within(region)
    .queryAllByText(/^Problem \d+$|^Saved$|^Key expires soon$/)
    // eslint-disable-next-line testing-library/no-node-access -- a toast waiting in the queue is rendered hidden.
    .filter((element) => !element.closest('[hidden]'))
    .map((element) => element.textContent);

describe('toasts on screen', () => {
  it('shows at most three; the older ones wait, folded into "N more", and come back as newer ones are dismissed', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Raiser count={5} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Raise' }));
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(visibleMessages(region)).toEqual(['Problem 3', 'Problem 4', 'Problem 5']);
    expect(within(region).getAllByRole('button', { name: /^Dismiss: / })).toHaveLength(3);

    expect(within(region).getByText('2 more')).toBeVisible();

    // Dismissing the newest brings back the next older one.
    const dismissButtons = within(region).getAllByRole('button', { name: /^Dismiss: / });
    await user.click(dismissButtons[dismissButtons.length - 1]!);
    expect(visibleMessages(region)).toEqual(['Problem 2', 'Problem 3', 'Problem 4']);
    expect(within(region).getByText('1 more')).toBeInTheDocument();
    await user.click(within(region).getAllByRole('button', { name: /^Dismiss: / })[0]!);
    expect(visibleMessages(region)).toEqual(['Problem 1', 'Problem 3', 'Problem 4']);
    expect(within(region).queryByText(/^\d+ more$/)).not.toBeInTheDocument();
  });
});

describe('toasts across pages', () => {
  function FirstPage() {
    const toast = useToast();
    return (
      <>
        <h1>First page</h1>
        <button type="button" onClick={() => toast.error('Problem 1')}>
          Fail here
        </button>
        <button type="button" onClick={() => toast.error('Key expires soon', { global: true })}>
          Warn everywhere
        </button>
        <button type="button" onClick={() => toast.success('Saved', { durationMs: 60_000 })}>
          Save
        </button>
        <Link to="/second?tab=1">Second page</Link>
        <Link to="/first?filter=x">Filter this page</Link>
      </>
    );
  }

  it('dismisses an error toast when the console leaves its page; global and success toasts stay', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/first', element: <FirstPage /> },
        { path: '/second', element: <h1>Second page</h1> },
      ],
      { initialEntries: ['/first'] },
    );
    render(<App router={router} queryClient={freshConsole().queryClient} />);
    await user.click(await screen.findByRole('button', { name: 'Fail here' }));
    await user.click(screen.getByRole('button', { name: 'Warn everywhere' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(visibleMessages(region)).toEqual(['Problem 1', 'Key expires soon', 'Saved']);

    // Changing the query of the same page is not leaving it.
    await user.click(screen.getByRole('link', { name: 'Filter this page' }));
    expect(visibleMessages(region)).toEqual(['Problem 1', 'Key expires soon', 'Saved']);

    await user.click(screen.getByRole('link', { name: 'Second page' }));
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeInTheDocument();
    expect(visibleMessages(region)).toEqual(['Key expires soon', 'Saved']);
  });
});
