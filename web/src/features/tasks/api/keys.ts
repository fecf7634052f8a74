/** Every query key of the tasks feature (tasks, projects and their participants). */
export const taskKeys = {
  all: ['tasks'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
  due: (from: string, to: string) => [...taskKeys.all, 'due', { from, to }] as const,
  projects: () => [...taskKeys.all, 'projects'] as const,
  assignable: (project: string | null) => [...taskKeys.all, 'assignable', { project }] as const,
  openCount: () => [...taskKeys.all, 'open-count'] as const,
};
