import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../src/components/button/button.tsx';

describe('Button', () => {
  function Demo({ reason = null, pending = false, inactive = false }: { reason?: string | null; pending?: boolean; inactive?: boolean | string }) {
    const [presses, setPresses] = useState(0);
    return (
      <>
        <Button unavailableReason={reason} pending={pending} inactive={inactive} onClick={() => setPresses((n) => n + 1)}>
          Restore
        </Button>
        <p>Pressed {presses} times</p>
      </>
    );
  }

  it('is disabled up front with the reason in words, and keeps focus when it becomes unavailable', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Demo reason="Checking access…" />);
    const button = screen.getByRole('button', { name: 'Restore' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Checking access…');
    expect(button).toHaveAttribute('title', 'Checking access…');
    expect(screen.getByText('Checking access…')).toBeVisible();

    rerender(<Demo />);
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription();
    await user.click(button);
    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();

    // Refused while it has focus: it stays focusable (aria-disabled) and ignores presses.
    rerender(<Demo reason="This API key cannot restore dashboards: it lacks the dashboard:write scope." />);
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('This API key cannot restore dashboards: it lacks the dashboard:write scope.');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();
  });

  it('stays focusable and ignores presses while pending or inactive, saying why when inactive says so', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Demo pending />);
    const button = screen.getByRole('button', { name: 'Restore' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(button).toHaveFocus();
    expect(screen.getByText('Pressed 0 times')).toBeInTheDocument();

    rerender(<Demo inactive="No changes to save yet." />);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toHaveAccessibleDescription('No changes to save yet.');
    await user.keyboard(' ');
    expect(screen.getByText('Pressed 0 times')).toBeInTheDocument();

    rerender(<Demo />);
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.keyboard(' ');
    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();
  });
});
