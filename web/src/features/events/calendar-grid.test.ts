import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  defaultSlot,
  monthGrid,
  overlapColumns,
  projectHue,
  weekdayLabels,
  weekLayout,
} from './calendar-grid';

const day = (date: Date) => format(date, 'yyyy-MM-dd');

describe('monthGrid', () => {
  it('starts on the Sunday on or before the 1st and shows 5 weeks when they suffice', () => {
    const grid = monthGrid(new Date(2026, 1, 10), 'sunday'); // February 2026 starts on a Sunday
    expect(grid).toHaveLength(35);
    expect(day(grid[0])).toBe('2026-02-01');
    expect(day(grid[34])).toBe('2026-03-07');
  });

  it('shows 6 weeks when the month needs them, so that no day is hidden', () => {
    const grid = monthGrid(new Date(2026, 4, 1), 'sunday'); // May 2026: Friday 1st, 31 days
    expect(grid).toHaveLength(42);
    expect(day(grid[0])).toBe('2026-04-26');
    expect(grid.map(day)).toContain('2026-05-31');
  });

  it('starts on Monday when the settings say so', () => {
    const grid = monthGrid(new Date(2026, 10, 15), 'monday'); // November 2026: Sunday 1st
    expect(day(grid[0])).toBe('2026-10-26');
    expect(grid[0].getDay()).toBe(1);
    expect(grid.map(day)).toContain('2026-11-30');
    expect(grid.length % 7).toBe(0);
  });

  it('labels weekdays in grid order', () => {
    expect(weekdayLabels('sunday')[0]).toBe('Sun');
    expect(weekdayLabels('monday')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
});

describe('weekLayout', () => {
  const week = Array.from({ length: 7 }, (_, index) => new Date(2026, 10, 23 + index)); // Mon 23 - Sun 29 Nov
  const allDay = (title: string, first: number, last: number) => ({
    title,
    allDay: true,
    start: new Date(2026, 10, first),
    end: new Date(2026, 10, last, 23, 59, 59),
  });
  const timed = (title: string, date: number) => ({
    title,
    allDay: false,
    start: new Date(2026, 10, date, 9),
    end: new Date(2026, 10, date, 10),
  });
  type Item = ReturnType<typeof allDay>;
  const singles = (items: Item[]) => (day: Date) =>
    items.filter((item) => item.start.getDate() === day.getDate());

  it('puts each multi-day event in the first lane free on all its days, and the days’ own events around them', () => {
    const offsite = allDay('Offsite', 24, 26);
    const fair = allDay('Fair', 20, 24); // from the week before
    const trip = allDay('Trip', 28, 30); // into the next week
    const layout = weekLayout(
      week,
      [offsite, fair, trip],
      singles([timed('Standup', 25), timed('Lunch', 23)]),
    );
    expect(
      layout.bars.map(({ item, column, span, lane, continuesBefore, continuesAfter }) => [
        item.title,
        column,
        span,
        lane,
        continuesBefore,
        continuesAfter,
      ]),
    ).toEqual([
      ['Fair', 0, 2, 0, true, false],
      ['Offsite', 1, 3, 1, false, false],
      ['Trip', 5, 2, 0, false, true],
    ]);
    expect(layout.days.map((day) => day.lanes.map((item) => item?.title ?? null))).toEqual([
      [null, 'Lunch'],
      [null, null],
      ['Standup', null],
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("draws at most `maxLanes` lanes and counts the rest as '+N more' on every day they cover", () => {
    const layout = weekLayout(
      week,
      [allDay('A', 23, 24), allDay('B', 23, 25), allDay('Long', 23, 27)],
      singles([timed('One', 29), timed('Two', 29), timed('Three', 29)]),
      2,
    );
    // The longest of those that start together goes first.
    expect(layout.bars.map((bar) => bar.item.title)).toEqual(['Long', 'B']);
    expect(layout.days.map((day) => day.more)).toEqual([1, 1, 0, 0, 0, 0, 1]);
    expect(layout.days[6].lanes.map((item) => item?.title)).toEqual(['One', 'Two']);
  });
});

describe('projectHue', () => {
  it('is a stable hue between 0 and 359 per project name', () => {
    const hue = projectHue('Website relaunch');
    expect(hue).toBe(projectHue('Website relaunch'));
    expect(hue).toBeGreaterThanOrEqual(0);
    expect(hue).toBeLessThan(360);
    expect(projectHue('Website relaunch')).not.toBe(projectHue('Hiring'));
  });
});

describe('defaultSlot', () => {
  it('runs from 09:00 to 10:00 on the clicked day', () => {
    const { start, end } = defaultSlot(new Date(2026, 10, 23, 15, 45));
    expect(format(start, 'yyyy-MM-dd HH:mm')).toBe('2026-11-23 09:00');
    expect(format(end, 'HH:mm')).toBe('10:00');
  });
});

describe('overlapColumns', () => {
  it('keeps events that do not overlap full width', () => {
    expect(
      overlapColumns([
        { start: 9, end: 10 },
        { start: 10, end: 11 },
      ]),
    ).toEqual([
      { column: 0, columns: 1 },
      { column: 0, columns: 1 },
    ]);
  });

  it('puts overlapping events side by side and reuses a column once it is free', () => {
    // 9-11 overlaps 10-12; 11-12 starts when 9-11 ends, so it takes that column; 14-15 stands alone.
    expect(
      overlapColumns([
        { start: 10, end: 12 },
        { start: 9, end: 11 },
        { start: 11, end: 12 },
        { start: 14, end: 15 },
      ]),
    ).toEqual([
      { column: 1, columns: 2 },
      { column: 0, columns: 2 },
      { column: 0, columns: 2 },
      { column: 0, columns: 1 },
    ]);
  });

  it('gives three events at the same time a third of the width each', () => {
    const same = { start: 9, end: 10 };
    expect(overlapColumns([same, same, same]).map((place) => place.columns)).toEqual([3, 3, 3]);
    expect(overlapColumns([same, same, same]).map((place) => place.column)).toEqual([0, 1, 2]);
  });
});
