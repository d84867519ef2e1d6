/** Components loaded on demand without Suspense, behind the smaller first page. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/components/feedback/error-boundary.tsx';
import { lazyComponent, retryFailedLoads } from '../../../src/components/layout/lazy-component.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('lazyComponent', () => {
  it('shows its fallback, starts loading once that is painted, then shows the component with its props', async () => {
    let resolve: (module: { default: (props: { who: string }) => React.ReactNode }) => void = () => {};
    const load = vi.fn(
      () =>
        new Promise<{ default: (props: { who: string }) => React.ReactNode }>((done) => {
          resolve = done;
        }),
    );
    const Greeting = lazyComponent<{ who: string }>(load, <p>Loading the greeting…</p>);
    render(<Greeting who="Priya" />);
    expect(screen.getByText('Loading the greeting…')).toBeInTheDocument();
    // Not in the render: the frame with the fallback goes first.
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => resolve({ default: ({ who }) => <p>Hello {who}</p> }));
    expect(screen.getByText('Hello Priya')).toBeInTheDocument();
    expect(screen.queryByText('Loading the greeting…')).not.toBeInTheDocument();
  });

  it('throws a failed load to the error boundary, and loads again after Try again', async () => {
    const user = userEvent.setup();
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: () => <p>The panel</p> });
    const Panel = lazyComponent(load, <p>Loading the panel…</p>);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary
        onReset={retryFailedLoads}
        fallback={({ error, reset }) => (
          <div role="alert">
            {(error as Error).message}
            <button type="button" onClick={reset}>
              Try again
            </button>
          </div>
        )}
      >
        <Panel />
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch dynamically imported module');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The panel')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads once however often it is preloaded and rendered', async () => {
    const load = vi.fn(async () => ({ default: () => <p>Loaded</p> }));
    const Lazy = lazyComponent(load);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    render(
      <>
        <Lazy />
        <Lazy />
      </>,
    );
    expect(screen.getAllByText('Loaded')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

});
