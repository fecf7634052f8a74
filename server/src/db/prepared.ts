/**
 * The name to prepare a Drizzle statement under (`.prepare(UNNAMED)`) when its SQL text is to be built
 * once but its plan made for each execution's values: node-postgres sends a statement without a name
 * as PostgreSQL's unnamed statement, which is planned for the values bound to it, as an unprepared
 * query is. A named statement would be planned once for any value after five executions (a generic
 * plan), blind to a search pattern's selectivity or a page's offset. PGlite plans every query anew.
 */
export const UNNAMED = '';
