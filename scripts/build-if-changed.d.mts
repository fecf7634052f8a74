/** Runs `build` unless `outDir` holds a build of exactly these inputs; answers whether it built. */
export function buildIfChanged(
  label: string,
  outDir: string,
  inputs: string[],
  build: () => void | Promise<void>,
  root?: string,
): Promise<boolean>;
/** Builds web/dist when the web app's sources changed since its last build. */
export function buildWebIfChanged(): Promise<boolean>;
/** Builds server/dist when the server's sources changed since its last build. */
export function buildServerIfChanged(): Promise<boolean>;
