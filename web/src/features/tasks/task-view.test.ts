import type { Task } from '@relate/contracts';
import { describe, expect, it } from 'vitest';
import { isOverdue, visibleProjects } from './task-view';

const task = (id: number, status: Task['status'], extra: Partial<Task> = {}) =>
  ({ id, status, owner_id: 1, assign_to: null, due_date: null, ...extra }) as Task;

const projects = {
  Zeta: [task(1, 'todo'), task(2, 'completed')],
  alpha: [
    task(3, 'in_progress', { owner_id: 2, assign_to: 'me@example.com' }),
    task(4, 'todo', { owner_id: 2 }),
  ],
  Empty: [],
};

describe('visibleProjects', () => {
  const base = { myTasks: false, showDone: false, email: 'me@example.com', userId: 1 };

  it('shows only open tasks and hides empty projects by default, sorted by name', () => {
    expect(visibleProjects(projects, base).map(([name, tasks]) => [name, tasks.map((t) => t.id)])).toEqual([
      ['alpha', [3, 4]],
      ['Zeta', [1]],
    ]);
  });

  it('Show Done reveals every status and empty projects', () => {
    expect(visibleProjects(projects, { ...base, showDone: true }).map(([name]) => name)).toEqual([
      'alpha',
      'Empty',
      'Zeta',
    ]);
  });

  it('My Tasks keeps what the user owns or is assigned', () => {
    expect(
      visibleProjects(projects, { ...base, myTasks: true }).flatMap(([, tasks]) => tasks.map((t) => t.id)),
    ).toEqual([3, 1]);
  });
});

describe('isOverdue', () => {
  it('is true for an open task past its due date only', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isOverdue(task(1, 'todo', { due_date: '2026-11-22T12:00:00Z' }), now)).toBe(true);
    expect(isOverdue(task(1, 'completed', { due_date: '2026-11-22T12:00:00Z' }), now)).toBe(false);
    expect(isOverdue(task(1, 'todo', { due_date: '2026-11-24T12:00:00Z' }), now)).toBe(false);
  });
});
