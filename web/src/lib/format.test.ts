import { describe, expect, it } from 'vitest';
import { formatAge } from './format';

describe('formatAge', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it("says 'Just now' under an hour, then hours under a day, then days", () => {
    expect(formatAge('2026-11-23T11:30:00Z', now)).toBe('Just now');
    expect(formatAge('2026-11-23T09:00:00Z', now)).toBe('3h ago');
    expect(formatAge('2026-11-22T12:30:00Z', now)).toBe('23h ago');
    expect(formatAge('2026-11-20T12:00:00Z', now)).toBe('3d ago');
  });
});
