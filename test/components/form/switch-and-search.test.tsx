import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchInput } from '../../../src/components/form/search-input.tsx';
import { Switch } from '../../../src/components/form/switch.tsx';

describe('Switch and SearchInput', () => {
  it('has a switch and a debounced searchbox', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const onSearch = vi.fn();
    render(
      <>
        <Switch label="Share publicly" checked={false} onChange={onToggle} />
        <SearchInput label="Search dashboards" value="" onChange={onSearch} delayMs={20} />
      </>,
    );
    await user.click(screen.getByRole('switch', { name: 'Share publicly' }));
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(screen.getByRole('switch', { name: 'Share publicly' })).toHaveAttribute('aria-checked', 'false');

    await user.type(screen.getByRole('searchbox', { name: 'Search dashboards' }), 'sales');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('sales'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
