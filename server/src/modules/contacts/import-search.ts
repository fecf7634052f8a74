import type { DatabaseMaintenance } from '../../db/maintenance';
import type { QueryTurns } from '../../db/turns';
import type { ImportSearchRepository } from './import-search.repository';

/** Contacts per statement of indexing: about 15 ms each on PGlite, so requests wait little between them. */
const INDEX_BATCH_ROWS = 250;
/**
 * An import of at most this many contacts is indexed before it answers (half a second on PGlite), so
 * its contacts are found at once; a larger one answers first and is found about 5 s per 100,000 later.
 */
export const INDEX_BEFORE_ANSWER_ROWS = 10_000;

interface Logger {
  error(details: object, message: string): void;
}

/**
 * Indexes an import's contacts for search after it commits (decision 0037). The import writes its
 * contacts without the search index, which was about two-thirds of its database work; until they are
 * indexed, a search or a filter of a searched column does not find them (the list shows them). The
 * import's `search_pending` says what is left, so a crash or a shutdown only delays it to the next start.
 */
export class ImportSearchIndexer {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly repository: ImportSearchRepository,
    private readonly maintenance: DatabaseMaintenance,
    private readonly turns: QueryTurns,
    private readonly log: Logger,
    private readonly beforeAnswerRows = INDEX_BEFORE_ANSWER_ROWS,
  ) {}

  /** After an import of `rows` contacts committed: indexes them, before answering when they are few. */
  async afterImport(userId: number, importId: number, rows: number): Promise<void> {
    const indexing = this.track(() => this.index(userId, importId));
    if (rows <= this.beforeAnswerRows) await indexing;
  }

  /** Indexes, in the background, what a crash or a shutdown left. */
  resume(): void {
    void this.track(async () => {
      for (const { userId, id } of await this.repository.unfinished()) await this.index(userId, id);
    });
  }

  /** Waits until no indexing is running (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Stops after the statement in hand; the next start resumes what is left. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  private track(work: () => Promise<void>): Promise<void> {
    const tracked: Promise<void> = this.turns
      .inBackground(work)
      .catch((error) => this.log.error({ err: error }, 'indexing imported contacts for search failed'))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return tracked;
  }

  private async index(userId: number, importId: number): Promise<void> {
    let key = await this.repository.start(userId, importId);
    let indexed = 0;
    while (key) {
      if (this.stopping) return;
      await this.turns.giveWay();
      const batch = await this.repository.indexNext(userId, importId, key, INDEX_BATCH_ROWS);
      indexed += batch?.rows ?? 0;
      key = batch?.last;
    }
    await this.repository.finish(userId, importId);
    await this.maintenance.afterBulkWrite('contact_search', indexed);
  }
}
