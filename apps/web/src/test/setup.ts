import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { tokenStore } from '../api/token-store';
import { cacheComputedStyles } from './computed-style-cache';

afterEach(() => cleanup());

// The files of a worker share one window and the modules they import (vite.config.ts: isolate is
// off, which halves the suite's time). This file runs again before each of them, so each starts
// as a file of its own would: signed out, with empty storage and real timers.
tokenStore.set(null);
localStorage.clear();
sessionStorage.clear();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// `findBy…` and `waitFor` wait for a state. Testing Library gives up after 1 s by default, which
// turns them into a speed check: a screen's first render in jsdom takes 1 to 3 s when the machine
// is busy, and the test failed without anything being wrong. They still return the moment the
// state holds; a state that never comes fails after 10 s.
configure({ asyncUtilTimeout: 10_000 });

/** jsdom has no layout engine: media queries answer from the width a test sets with `setViewportWidth`. */
let viewportWidth = 1440;
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  window.dispatchEvent(new Event('resize'));
}

function matches(query: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  const min = /min-width:\s*(\d+)px/.exec(query);
  return (!max || viewportWidth <= Number(max[1])) && (!min || viewportWidth >= Number(min[1]));
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});
Object.defineProperty(window, 'innerWidth', { get: () => viewportWidth, configurable: true });
/**
 * jsdom has no ResizeObserver. This one reports a 720 x 240 box once, when an element is observed:
 * Recharts' ResponsiveContainer reads that `contentRect` and draws nothing at 0 x 0. Ant Design
 * measures with getBoundingClientRect, still 0 x 0 here, so its components see no change.
 */
class ResizeObserverStub {
  readonly #callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element) {
    const contentRect = DOMRectReadOnly.fromRect({ width: 720, height: 240 });
    const size = [{ inlineSize: 720, blockSize: 240 }];
    const entry = {
      target,
      contentRect,
      borderBoxSize: size,
      contentBoxSize: size,
      devicePixelContentBoxSize: size,
    };
    this.#callback([entry], this);
  }
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

cacheComputedStyles(window);
