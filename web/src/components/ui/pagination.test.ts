import { describe, expect, it } from 'vitest';
import { formatListTotal, pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows at most five page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 40)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(40, 40)).toEqual([36, 37, 38, 39, 40]);
  });
});

describe('formatListTotal', () => {
  it('adds a plus when the server stopped counting', () => {
    expect(formatListTotal(10_000, true)).toBe(`${(10_000).toLocaleString()}+`);
    expect(formatListTotal(42, false)).toBe('42');
  });
});
