import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CopyButton } from '../../../src/components/button/copy-button.tsx';

describe('CopyButton', () => {
  it('copies to the clipboard and says Copied', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="phc_token" label="Copy project API key" />);
    await user.click(screen.getByRole('button', { name: 'Copy project API key' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('phc_token');
  });
});
