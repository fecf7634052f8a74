import { describe, expect, it } from 'vitest';
import { appliedSummary } from './applied-summary';

const result = { created: 3, linked: 1, updated: 2, deleted: 0, pushed: 0, skipped: 0, waiting: 0 };

describe('the line after applying Google review items', () => {
  it('counts what was done', () => {
    expect(appliedSummary(result, 'Created')).toBe('Created 3, linked 1, updated 2.');
    expect(appliedSummary({ ...result, deleted: 1 }, 'Added')).toBe(
      'Added 3, linked 1, updated 2, deleted 1.',
    );
  });

  it('says which items changed since the preview and wait for review again', () => {
    expect(appliedSummary({ ...result, waiting: 1 }, 'Created')).toBe(
      'Created 3, linked 1, updated 2. 1 item changed since the preview and waits for review again.',
    );
    expect(appliedSummary({ ...result, waiting: 2 }, 'Created')).toMatch(
      /2 items changed .* wait for review again\.$/,
    );
  });
});
