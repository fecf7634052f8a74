/** Compiles the server into `outDir` (default server/dist): main.js, the worker's heavy-work.js and its chunks. */
export function buildServer(outDir?: string): Promise<void>;
