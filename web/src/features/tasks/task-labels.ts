import type { Task } from '@relate/contracts';

export const STATUS_LABEL: Record<Task['status'], string> = {
  todo: 'To do',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The status inside a sentence: 'Task marked as in progress'. */
export const STATUS_WORDS: Record<Task['status'], string> = {
  todo: 'to do',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
};

export const PRIORITY_LABEL: Record<Task['priority'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};
