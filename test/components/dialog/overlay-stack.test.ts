// The stack of open dialogs (innermost last) that dialogs, toasts and the shortcuts share: only the
// innermost dialog traps focus and answers Escape, and the toasts hear every opening and closing.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hasOpenDialog,
  isInnermostDialog,
  KEEP_INTERACTIVE_ATTRIBUTE,
  pushOpenDialog,
  removeOpenDialog,
  subscribeOpenDialogs,
  TOAST_CLEARANCE_VARIABLE,
} from '../../../src/components/dialog/overlay-stack.ts';

// The stack only compares its containers: any object stands for a dialog's element.
const dialog = (name: string) => ({ name }) as unknown as HTMLElement;

const pushed: HTMLElement[] = [];
const open = (container: HTMLElement) => {
  pushOpenDialog(container);
  pushed.push(container);
};
const unsubscribes: Array<() => void> = [];
const subscribe = (listener: () => void) => unsubscribes.push(subscribeOpenDialogs(listener));

afterEach(() => {
  // The stack is the module's: leave it empty for the next test.
  for (const container of pushed.splice(0).reverse()) removeOpenDialog(container);
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

describe('the open dialogs', () => {
  it('are none at first', () => {
    expect(hasOpenDialog()).toBe(false);
    expect(isInnermostDialog(dialog('any'))).toBe(false);
  });

  it('the one opened last is the innermost; closing it makes the one below innermost again', () => {
    const outer = dialog('outer');
    const inner = dialog('inner');
    open(outer);
    expect(hasOpenDialog()).toBe(true);
    expect(isInnermostDialog(outer)).toBe(true);
    open(inner);
    expect(isInnermostDialog(inner)).toBe(true);
    expect(isInnermostDialog(outer)).toBe(false);
    removeOpenDialog(inner);
    expect(isInnermostDialog(outer)).toBe(true);
    expect(hasOpenDialog()).toBe(true);
    removeOpenDialog(outer);
    expect(hasOpenDialog()).toBe(false);
    expect(isInnermostDialog(outer)).toBe(false);
  });

  it('closing the bottom dialog leaves the one above it innermost', () => {
    const outer = dialog('outer');
    const inner = dialog('inner');
    open(outer);
    open(inner);
    removeOpenDialog(outer);
    expect(isInnermostDialog(inner)).toBe(true);
    removeOpenDialog(inner);
    expect(hasOpenDialog()).toBe(false);
  });

  it('a dialog open twice in the stack closes its upper entry first', () => {
    const first = dialog('first');
    const second = dialog('second');
    open(first);
    open(second);
    open(first);
    removeOpenDialog(first);
    expect(isInnermostDialog(second)).toBe(true);
    removeOpenDialog(second);
    expect(isInnermostDialog(first)).toBe(true);
  });

  it('closing a dialog that is not open changes nothing and tells no one', () => {
    const listener = vi.fn();
    const outer = dialog('outer');
    open(outer);
    subscribe(listener);
    removeOpenDialog(dialog('stranger'));
    expect(isInnermostDialog(outer)).toBe(true);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('subscribeOpenDialogs', () => {
  it('tells every listener of each opening and closing, until it unsubscribes', () => {
    const first = vi.fn();
    const second = vi.fn();
    subscribe(first);
    const unsubscribeSecond = subscribeOpenDialogs(second);
    const container = dialog('one');
    open(container);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    unsubscribeSecond();
    removeOpenDialog(container);
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('a listener sees the stack as it is after the change', () => {
    const container = dialog('one');
    const seen: boolean[] = [];
    subscribe(() => seen.push(hasOpenDialog() && isInnermostDialog(container)));
    open(container);
    removeOpenDialog(container);
    expect(seen).toEqual([true, false]);
  });
});

describe('what dialogs and toasts share by name', () => {
  it('the clearance the toasts set is the variable the dialog\'s stylesheet reads', () => {
    const css = readFileSync(new URL('../../../src/components/dialog/dialog.css', import.meta.url), 'utf8');
    expect(TOAST_CLEARANCE_VARIABLE).toMatch(/^--[a-z-]+$/);
    expect(css).toContain(`var(${TOAST_CLEARANCE_VARIABLE},`);
  });

  it('the mark of an element kept usable beside a dialog is a valid custom data attribute', () => {
    expect(KEEP_INTERACTIVE_ATTRIBUTE).toMatch(/^data-[a-z]+(-[a-z]+)*$/);
  });
});
