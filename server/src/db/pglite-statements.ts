import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { QueryTurns } from './turns';

const { serialize } = protocol;

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** The statement's row description, which every run's rows are read with. */
  columns: Awaited<ReturnType<PGlite['execProtocol']>>['messages'];
}

/** More distinct statements than any list needs: past this, they are all deallocated and parsed anew. */
const MAX_STATEMENTS = 500;

function messagesOf(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * Named prepared statements on PGlite's one connection (decision 0032), as node-postgres gives them on
 * PostgreSQL. PGlite's `query` parses, analyses and describes its text on every call, in six calls
 * into WebAssembly; a statement parsed once is bound and run in one call. Runs under PGlite's own locks,
 * after any open transaction, as `query` does, and counts as a request's query for QueryTurns.
 */
export class PgliteStatements {
  private readonly statements = new Map<string, PreparedStatement>();
  private parsed = 0;

  constructor(
    private readonly client: PGlite,
    private readonly turns: QueryTurns,
  ) {}

  /** The rows of `text` run with `params`, keyed by column name, values parsed as `query` does. */
  run(text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return this.turns.counted(() =>
      this.client._runExclusiveTransaction(() =>
        this.client._runExclusiveQuery(() => this.runNow(text, params)),
      ),
    );
  }

  private async runNow(text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    const statement = this.statements.get(text) ?? (await this.prepare(text));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.client.serializers[statement.parameterTypes[index]];
      return serializer ? serializer(value) : String(value);
    });
    // Only reads run here, and the server's PGlite file systems (a directory, memory) need no sync.
    const { messages } = await this.client.execProtocol(
      messagesOf([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const rows = [...statement.columns, ...messages];
    return parse.parseResults(rows, this.client.parsers, { rowMode: 'object' })[0].rows as Record<
      string,
      unknown
    >[];
  }

  private async prepare(text: string) {
    if (this.statements.size >= MAX_STATEMENTS) {
      await this.client.execProtocol(messagesOf([serialize.query('deallocate all')]), { syncToFs: false });
      this.statements.clear();
    }
    const name = `relate_${++this.parsed}`;
    const { messages } = await this.client.execProtocol(
      messagesOf([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: messages.filter((message) => message.name === 'rowDescription'),
    };
    this.statements.set(text, statement);
    return statement;
  }
}

const byClient = new WeakMap<PGlite, PgliteStatements>();

/** Gives `client` named statements (openPglite does, once). */
export function enableNamedStatements(client: PGlite, turns: QueryTurns): void {
  byClient.set(client, new PgliteStatements(client, turns));
}

/** The named statements of the PGlite client behind `client`, if it is one that has them. */
export function pgliteStatementsOf(client: unknown): PgliteStatements | undefined {
  return client ? byClient.get(client as PGlite) : undefined;
}
