/**
 * The worker threads' entry (lib/workers/pool.ts): every feature's tasks, registered here as services.ts
 * wires the services. Each feature declares its tasks in its `<feature>.tasks.ts`; a task's module is
 * loaded when a thread first runs the task (or is warmed for it), so a thread that only reads an
 * import's rows never loads the calendar's libraries (decision 40).
 */
import { jsonTasks } from './lib/json-body.tasks';
import { workerEntry } from './lib/workers/tasks';
import { companiesTasks } from './modules/companies/companies.tasks';
import { contactsTasks } from './modules/contacts/contacts.tasks';
import { eventsTasks } from './modules/events/events.tasks';

export const tasks = { ...jsonTasks, ...contactsTasks, ...eventsTasks, ...companiesTasks };
export type HeavyTasks = typeof tasks;

export default workerEntry(tasks);
