import { describe, expect, it } from 'vitest';
import { idRuns } from './staged-import';

describe('idRuns', () => {
  it('keeps the ids an undo job deletes as runs of consecutive numbers', () => {
    expect(idRuns([])).toEqual([]);
    expect(idRuns([5, 6, 7, 8])).toEqual([[5, 8]]);
    expect(idRuns([10, 11, 3, 4, 12, 20])).toEqual([
      [3, 4],
      [10, 12],
      [20, 20],
    ]);
    // A later batch extends the last run when it follows it, and starts its own run otherwise.
    expect(idRuns([5, 6], [[1, 4]])).toEqual([[1, 6]]);
    expect(idRuns([2], [[5, 6]])).toEqual([
      [5, 6],
      [2, 2],
    ]);
  });
});
