/** Why Relate's own PostgreSQL server cannot start, said to the person starting Relate (no stack). */
export class EmbeddedPostgresError extends Error {}
