// @vitest-environment jsdom
// Where focus goes when its control is gone: the main region, never <body>.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusIsLost, focusMain, focusMainIfLost } from '../../../src/components/layout/focus-main.ts';

function page(): { main: HTMLElement; button: HTMLButtonElement } {
  document.body.innerHTML = '<main id="main" tabindex="-1"><button type="button">Save</button></main>';
  return { main: document.getElementById('main')!, button: document.querySelector('button')! };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('focusIsLost', () => {
  it('is true on <body>, false on a control of the page', () => {
    const { button } = page();
    expect(focusIsLost()).toBe(true);
    button.focus();
    expect(focusIsLost()).toBe(false);
  });

  it('is true once the focused control has left the page', () => {
    const { button } = page();
    button.focus();
    button.remove();
    expect(focusIsLost()).toBe(true);
  });
});

describe('focusMain', () => {
  it('moves focus to the main region without scrolling the page', () => {
    const { main, button } = page();
    button.focus();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    focusMain();
    expect(document.activeElement).toBe(main);
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('does nothing on a page without a main region', () => {
    document.body.innerHTML = '<button type="button">Save</button>';
    expect(() => focusMain()).not.toThrow();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('focusMainIfLost', () => {
  it('leaves focus on a control that still has it', () => {
    const { button } = page();
    button.focus();
    focusMainIfLost();
    expect(document.activeElement).toBe(button);
  });

  it('moves focus from <body> to the main region', () => {
    const { main } = page();
    focusMainIfLost();
    expect(document.activeElement).toBe(main);
  });
});
