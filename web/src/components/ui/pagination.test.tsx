import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatListTotal, Pagination, pageFromInput, pageWindow } from './pagination';

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

describe('Pagination', () => {
  function renderPager(page: number, pageCount: number) {
    const onPageChange = vi.fn();
    render(<Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} />);
    return onPageChange;
  }

  it('goes to the first and the last of 1,200 pages', async () => {
    const onPageChange = renderPager(7, 1200);
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1200);
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('jumps to a typed page, kept within the pages there are', async () => {
    const onPageChange = renderPager(1, 1200);
    expect(screen.getByText('of 1,200')).toBeVisible();
    const jump = screen.getByRole('textbox', { name: 'Go to page' });
    await userEvent.clear(jump);
    await userEvent.type(jump, '640{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(640);
    await userEvent.clear(jump);
    await userEvent.type(jump, '99999');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1200);
  });

  it('disables First and Previous on the first page, Next and Last on the last', () => {
    renderPager(1, 3);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
    // Three pages fit the window: no jump.
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).not.toBeInTheDocument();
  });
});

describe('pageFromInput', () => {
  it('reads a typed number within 1..pageCount, and nothing from text', () => {
    expect(pageFromInput('1,200', 1200)).toBe(1200);
    expect(pageFromInput('0', 50)).toBe(1);
    expect(pageFromInput('abc', 50)).toBeNull();
  });
});
