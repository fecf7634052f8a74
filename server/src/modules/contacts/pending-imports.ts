/**
 * The contact imports still being written, by user (PGlite only, decisions 0025 and 0031). PGlite is
 * one process (the data directory is locked), so this process writes every pending import there is; the
 * first use reads the ones a crash left. The list then hides their rows with the ids it already knows,
 * or with no condition at all when the user has none, instead of looking them up in every statement:
 * that lookup cost about a quarter of the list statement's time on PGlite. (On PostgreSQL, where an
 * import is one transaction and several processes may serve, the statement still looks them up.)
 */
export class PendingImports {
  private byUser?: Promise<Map<number, Set<number>>>;

  constructor(private readonly load: () => Promise<{ userId: number; id: number }[]>) {}

  private map(): Promise<Map<number, Set<number>>> {
    this.byUser ??= this.load().then((rows) => {
      const map = new Map<number, Set<number>>();
      for (const { userId, id } of rows) map.set(userId, (map.get(userId) ?? new Set()).add(id));
      return map;
    });
    return this.byUser;
  }

  async of(userId: number): Promise<number[]> {
    return [...((await this.map()).get(userId) ?? [])];
  }

  /** Call once the import is marked pending, before any of its rows is written. */
  async add(userId: number, importId: number): Promise<void> {
    const map = await this.map();
    map.set(userId, (map.get(userId) ?? new Set()).add(importId));
  }

  /** Call once the import is complete or deleted. */
  async remove(userId: number, importId: number): Promise<void> {
    const map = await this.map();
    map.get(userId)?.delete(importId);
    if (map.get(userId)?.size === 0) map.delete(userId);
  }
}
