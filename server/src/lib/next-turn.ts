/**
 * Waits for the event loop's next turn, after pending I/O. PGlite runs each query synchronously on the
 * main thread, so a loop of queries awaits only microtasks and no request is even read until it ends:
 * a long job awaits this between its steps to let other users' requests in (issue 19).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
