import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handleShortcut, isTypingTarget, SEQUENCE_MS, type ShortcutActions } from '../../../src/app/shell/shortcuts.ts';
import { renderApp } from '../../render.tsx';

function actions(): ShortcutActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    goTo: () => calls.push('goTo'),
    help: () => calls.push('help'),
    focusSearch: () => calls.push('focusSearch'),
    go: (section) => calls.push(`go ${section}`),
  };
}

function keydown(key: string, target: Element, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('the shortcut handler', () => {
  const fields: Array<[string, () => Element]> = [
    ['an input', () => document.createElement('input')],
    ['a textarea', () => document.createElement('textarea')],
    ['a select', () => document.createElement('select')],
    [
      'editable content',
      () => {
        const div = document.createElement('div');
        div.setAttribute('contenteditable', 'true');
        const inner = document.createElement('span');
        div.append(inner);
        return inner;
      },
    ],
  ];

  it.each(fields)('fires no single-key shortcut while typing in %s', (_name, make) => {
    const field = make();
    // eslint-disable-next-line testing-library/no-node-access -- the field is built by hand, outside any render, and put in the page.
    document.body.append(field.closest('[contenteditable]') ?? field);
    expect(isTypingTarget(field)).toBe(true);
    const a = actions();
    let g: number | null = null;
    for (const key of ['?', '/', 'g', 'd', 'g', 'p']) g = handleShortcut(keydown(key, field), g, a, 1000);
    expect(a.calls).toEqual([]);
    // Ctrl+K works inside fields too.
    const event = keydown('k', field, { ctrlKey: true });
    handleShortcut(event, null, a, 1000);
    expect(a.calls).toEqual(['goTo']);
    expect(event.defaultPrevented).toBe(true);
  });

  it('runs ?, /, ⌘K and g then p, d, s, a outside fields', () => {
    const body = document.body;
    const a = actions();
    handleShortcut(keydown('?', body), null, a, 0);
    handleShortcut(keydown('/', body), null, a, 0);
    handleShortcut(keydown('k', body, { metaKey: true }), null, a, 0);
    for (const key of ['p', 'd', 's', 'a']) {
      const g = handleShortcut(keydown('g', body), null, a, 100);
      expect(g).toBe(100);
      handleShortcut(keydown(key, body), g, a, 100 + SEQUENCE_MS - 1);
    }
    expect(a.calls).toEqual(['help', 'focusSearch', 'goTo', 'go projects', 'go dashboards', 'go settings', 'go activity']);
  });

  it('ignores a second key that comes too late, and keys with Ctrl, Alt or ⌘', () => {
    const a = actions();
    const g = handleShortcut(keydown('g', document.body), null, a, 0);
    handleShortcut(keydown('d', document.body), g, a, SEQUENCE_MS + 1);
    handleShortcut(keydown('?', document.body, { altKey: true }), null, a, 0);
    handleShortcut(keydown('/', document.body, { ctrlKey: true }), null, a, 0);
    expect(a.calls).toEqual([]);
  });
});

describe('shortcuts in the console', () => {
  it('? opens Keyboard shortcuts; g d and g s go to the project’s sections; / focuses the search box', async () => {
    const { user, location } = renderApp('/projects/2/settings');
    await screen.findByRole('heading', { level: 1, name: 'Project settings' });
    // eslint-disable-next-line testing-library/no-node-access -- single-key shortcuts act when focus is on no field.
    (document.activeElement as HTMLElement | null)?.blur();

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Go to Dashboards');
    // Inside the dialog the single keys do nothing.
    await user.keyboard('gd');
    expect(location().pathname).toBe('/projects/2/settings');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
    // eslint-disable-next-line testing-library/no-node-access -- single-key shortcuts act when focus is on no field.
    (document.activeElement as HTMLElement | null)?.blur();

    await user.keyboard('gd');
    await waitFor(() => expect(location().pathname).toBe('/projects/2/dashboards'));
    const search = await screen.findByRole('searchbox', { name: 'Search dashboards' });
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');

    // Typed into the search box, the same keys are text.
    await user.keyboard('gs?');
    expect(search).toHaveValue('gs?');
    expect(location().pathname).toBe('/projects/2/dashboards');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    search.blur();
    await user.keyboard('ga');
    await waitFor(() => expect(location().pathname).toBe('/projects/2/activity'));
    await user.keyboard('gp');
    await waitFor(() => expect(location().pathname).toBe('/projects'));
  });
});
