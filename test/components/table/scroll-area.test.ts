// Where a long table scrolls and how tall its scroll area is: its own box as tall as the window
// leaves, or, on a phone, the page itself. jsdom has no layout: the boxes are given here.
import { act, renderHook } from '@testing-library/react';
import { observeWindowOffset, observeWindowRect, windowScroll } from '@tanstack/react-virtual';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expectedScrollHeight,
  FILL_MAX_HEIGHT,
  FILL_MIN_HEIGHT,
  useFillHeight,
  usePageOffset,
  WINDOW_SCROLLING,
} from '../../../src/components/table/scroll-area.ts';
import { DEFAULT_MAX_HEIGHT } from '../../../src/components/table/table-parts.tsx';

const box = (top: number, bottom: number, width = 800) =>
  ({ top, bottom, width, height: bottom - top, left: 0, right: width, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;

function setWindow(innerHeight: number, scrollY = 0) {
  Object.defineProperty(window, 'innerHeight', { value: innerHeight, configurable: true, writable: true });
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true, writable: true });
}

/** A ResizeObserver whose callbacks the test calls. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
}

/** <div class="page" style="padding-bottom"><section style="margin-bottom"><div scroll/><p count/></section></div> */
function layout({ pageClass = 'page' } = {}) {
  const page = document.createElement('div');
  page.className = pageClass;
  page.style.paddingBottom = '24px';
  const container = document.createElement('section');
  container.style.marginBottom = '16px';
  const scroll = document.createElement('div');
  container.append(scroll, document.createElement('p'));
  page.append(container);
  document.body.append(page);
  return { page, container, scroll };
}

const { innerHeight: startHeight, scrollY: startScroll } = window;
beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('ResizeObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setWindow(startHeight, startScroll);
  document.body.innerHTML = '';
  document.documentElement.style.fontSize = '';
});

describe('useFillHeight', () => {
  function fill(enabled = true, options?: { pageClass?: string }) {
    const elements = layout(options);
    vi.spyOn(elements.scroll, 'getBoundingClientRect').mockReturnValue(box(100, 400));
    vi.spyOn(elements.container, 'getBoundingClientRect').mockReturnValue(box(60, 440));
    const scrollRef = { current: elements.scroll };
    const containerRef = { current: elements.container };
    const hook = renderHook((props: { enabled: boolean }) => useFillHeight(scrollRef, containerRef, props.enabled), {
      initialProps: { enabled },
    });
    return { ...elements, ...hook };
  }

  it('reaches the window\'s bottom, leaving room for what follows, the margin and the page\'s padding', () => {
    setWindow(1000);
    const { result } = fill();
    // 1000 - 100 (top) - (40 below the scroll area + 16 margin + 24 padding)
    expect(result.current).toBe(820);
  });

  it('counts where the page is scrolled, and rounds down', () => {
    setWindow(1000.9, 50);
    const { result } = fill();
    expect(result.current).toBe(770);
  });

  it('never gets shorter than its minimum', () => {
    expect(FILL_MIN_HEIGHT).toBe(288);
    setWindow(400);
    const { result } = fill();
    expect(result.current).toBe(FILL_MIN_HEIGHT);
  });

  it('measures again when the window changes size, and stops when it is gone', () => {
    setWindow(1000);
    const { result, unmount } = fill();
    setWindow(900);
    act(() => window.dispatchEvent(new Event('resize')));
    expect(result.current).toBe(720);
    const removed = vi.spyOn(window, 'removeEventListener');
    unmount();
    expect(removed).toHaveBeenCalledWith('resize', expect.any(Function));
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
  });

  it('measures again when the page around it changes size (the page, else the parent)', () => {
    setWindow(1000);
    const { result, page } = fill();
    expect(FakeObserver.all).toHaveLength(1);
    expect(FakeObserver.all[0]!.observed).toEqual([page]);
    setWindow(950);
    act(() => FakeObserver.all[0]!.callback());
    expect(result.current).toBe(770);

    const other = fill(true, { pageClass: 'wrapper' });
    // Without a .page the parent's padding still counts.
    expect(other.result.current).toBe(770);
    expect(FakeObserver.all[1]!.observed).toEqual([other.page]);
  });

  it('measures without a ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    setWindow(1000);
    expect(fill().result.current).toBe(820);
  });

  it('is null while not enabled, and without layout', () => {
    setWindow(1000);
    const { result, rerender } = fill(false);
    expect(result.current).toBeNull();
    expect(FakeObserver.all).toHaveLength(0);
    rerender({ enabled: true });
    expect(result.current).toBe(820);
    rerender({ enabled: false });
    expect(result.current).toBeNull();

    const { container, scroll } = layout();
    const bare = renderHook(() => useFillHeight({ current: scroll }, { current: container }, true));
    expect(bare.result.current).toBeNull();
    const missing = renderHook(() => useFillHeight({ current: null }, { current: container }, true));
    expect(missing.result.current).toBeNull();
    const noContainer = renderHook(() => useFillHeight({ current: scroll }, { current: null }, true));
    expect(noContainer.result.current).toBeNull();
  });

  it('measures a box with a width but no height', () => {
    setWindow(1000);
    const { container, scroll } = layout();
    vi.spyOn(scroll, 'getBoundingClientRect').mockReturnValue(box(100, 100, 800));
    vi.spyOn(container, 'getBoundingClientRect').mockReturnValue(box(60, 140));
    const { result } = renderHook(() => useFillHeight({ current: scroll }, { current: container }, true));
    expect(result.current).toBe(1000 - 100 - (40 + 16 + 24));
  });
});

describe('usePageScroll', () => {
  /** A media query list the test switches; the module is loaded fresh (it keeps its query). */
  async function withQuery(matches: boolean | null) {
    const listeners = new Set<() => void>();
    const queries: string[] = [];
    const list = {
      matches: matches ?? false,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    vi.stubGlobal(
      'matchMedia',
      matches === null
        ? undefined
        : (query: string) => {
            queries.push(query);
            return list;
          },
    );
    vi.resetModules();
    const { usePageScroll } = await import('../../../src/components/table/scroll-area.ts');
    return { usePageScroll, list, listeners, queries };
  }

  it('lets the page scroll for a filling table on a narrow window only', async () => {
    const { usePageScroll, queries } = await withQuery(true);
    expect(renderHook(() => usePageScroll(true)).result.current).toBe(true);
    expect(renderHook(() => usePageScroll(false)).result.current).toBe(false);
    expect(queries).toEqual(['(max-width: 719.98px)']);
  });

  it('follows the window as it narrows, and stops listening when gone', async () => {
    const { usePageScroll, list, listeners } = await withQuery(false);
    const { result, unmount } = renderHook(() => usePageScroll(true));
    expect(result.current).toBe(false);
    expect(listeners.size).toBe(1);
    list.matches = true;
    act(() => listeners.forEach((listener) => listener()));
    expect(result.current).toBe(true);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('is false without matchMedia, and on the server', async () => {
    const { usePageScroll } = await withQuery(null);
    expect(renderHook(() => usePageScroll(true)).result.current).toBe(false);
    const narrow = await withQuery(true);
    const Probe = () => createElement('p', null, String(narrow.usePageScroll(true)));
    expect(renderToString(createElement(Probe))).toBe('<p>false</p>');
  });
});

describe('usePageOffset', () => {
  it('is where the scroll area starts in the page, rounded', () => {
    setWindow(800, 30);
    const { scroll } = layout();
    vi.spyOn(scroll, 'getBoundingClientRect').mockReturnValue(box(120.6, 500));
    const { result } = renderHook(() => usePageOffset({ current: scroll }, true));
    expect(result.current).toBe(151);
  });

  it('measures again on resize and when the page changes size; stops when gone', () => {
    setWindow(800, 0);
    const { scroll, page } = layout();
    const rect = vi.spyOn(scroll, 'getBoundingClientRect').mockReturnValue(box(100, 500));
    const { result, unmount } = renderHook(() => usePageOffset({ current: scroll }, true));
    expect(result.current).toBe(100);
    rect.mockReturnValue(box(140, 500));
    act(() => window.dispatchEvent(new Event('resize')));
    expect(result.current).toBe(140);
    expect(FakeObserver.all[0]!.observed).toEqual([page]);
    rect.mockReturnValue(box(90, 500));
    act(() => FakeObserver.all[0]!.callback());
    expect(result.current).toBe(90);
    const removed = vi.spyOn(window, 'removeEventListener');
    unmount();
    expect(removed).toHaveBeenCalledWith('resize', expect.any(Function));
    expect(FakeObserver.all[0]!.disconnected).toBe(true);
  });

  it('observes the parent without a page, and works without a ResizeObserver', () => {
    const { scroll, container } = layout({ pageClass: 'wrapper' });
    vi.spyOn(scroll, 'getBoundingClientRect').mockReturnValue(box(70, 500));
    renderHook(() => usePageOffset({ current: scroll }, true));
    expect(FakeObserver.all[0]!.observed).toEqual([container]);
    vi.stubGlobal('ResizeObserver', undefined);
    expect(renderHook(() => usePageOffset({ current: scroll }, true)).result.current).toBe(70);
  });

  it('is 0 while not enabled or without an element', () => {
    const { scroll } = layout();
    vi.spyOn(scroll, 'getBoundingClientRect').mockReturnValue(box(70, 500));
    const ref = { current: scroll };
    const { result, rerender } = renderHook((props: { enabled: boolean }) => usePageOffset(ref, props.enabled), {
      initialProps: { enabled: false },
    });
    expect(result.current).toBe(0);
    expect(FakeObserver.all).toHaveLength(0);
    rerender({ enabled: true });
    expect(result.current).toBe(70);
    rerender({ enabled: false });
    expect(result.current).toBe(0);
    expect(renderHook(() => usePageOffset({ current: null }, true)).result.current).toBe(0);
  });
});

describe('WINDOW_SCROLLING', () => {
  it('scrolls the window with TanStack Virtual\'s window functions, from where it is', () => {
    setWindow(800, 75);
    expect(WINDOW_SCROLLING.getScrollElement()).toBe(window);
    expect((WINDOW_SCROLLING.initialOffset as () => number)()).toBe(75);
    expect(WINDOW_SCROLLING.observeElementRect).toBe(observeWindowRect);
    expect(WINDOW_SCROLLING.observeElementOffset).toBe(observeWindowOffset);
    expect(WINDOW_SCROLLING.scrollToFn).toBe(windowScroll);
  });
});

describe('expectedScrollHeight', () => {
  it('is a height given in px as it is, and null in other units', () => {
    expect(expectedScrollHeight(320)).toBe(320);
    expect(expectedScrollHeight('20rem')).toBeNull();
  });

  it('works out the default and the filling max-height from the window: 70vh, at most 42rem', () => {
    setWindow(800);
    expect(expectedScrollHeight(DEFAULT_MAX_HEIGHT)).toBe(560);
    expect(expectedScrollHeight(FILL_MAX_HEIGHT)).toBe(560);
    setWindow(1000);
    expect(expectedScrollHeight(DEFAULT_MAX_HEIGHT)).toBe(672);
    document.documentElement.style.fontSize = '20px';
    expect(expectedScrollHeight(DEFAULT_MAX_HEIGHT)).toBe(700);
    document.documentElement.style.fontSize = '10px';
    expect(expectedScrollHeight(DEFAULT_MAX_HEIGHT)).toBe(420);
  });

  it('is null without a window height, or without a window', () => {
    setWindow(0);
    expect(expectedScrollHeight(DEFAULT_MAX_HEIGHT)).toBeNull();
    setWindow(Number.NaN);
    expect(expectedScrollHeight(DEFAULT_MAX_HEIGHT)).toBeNull();
    vi.stubGlobal('window', undefined);
    expect(expectedScrollHeight(FILL_MAX_HEIGHT)).toBeNull();
  });
});
