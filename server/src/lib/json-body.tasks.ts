import { task } from './workers/tasks';

/** Work of lib/ on worker threads (registered in server/src/heavy-work.ts). */
export const jsonTasks = {
  /** A large JSON request body (company CSVs: up to 41 MB). */
  parseJson: task(
    () => import('./json-body'),
    (json, [text]: [string]) => json.parseJsonBody(text),
  ),
};
