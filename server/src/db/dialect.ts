import { PgDialect } from 'drizzle-orm/pg-core';

/** How drizzle writes this schema's SQL (the clients' casing, client.ts), for statements written once. */
export const dialect = new PgDialect({ casing: 'snake_case' });
