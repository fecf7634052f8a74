import { act, render } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';

/** A window whose width is below (or above) the phone breakpoint. */
function screenOf(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow && query === '(max-width: 639px)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('Toaster', () => {
  it.each([
    [true, 'top', 'center'],
    [false, 'bottom', 'right'],
  ])('on a phone (%s) shows toasts at the %s %s, clear of a dialog footer', async (narrow, y, x) => {
    screenOf(narrow);
    const { container } = render(<Toaster />);
    // The Toaster's code arrives after the first render (lib/toast.ts); sonner's list is there once it has.
    await act(() => import('./sonner-toaster'));
    act(() => {
      toast.success('Columns loaded');
    });
    const list = await vi.waitFor(() => {
      const found = container.ownerDocument.querySelector('[data-sonner-toaster]');
      if (!found) throw new Error('no toaster list yet');
      return found;
    });
    expect(list).toHaveAttribute('data-y-position', y);
    expect(list).toHaveAttribute('data-x-position', x);
  });
});
