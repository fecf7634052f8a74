import { defineConfig } from 'vitest/config';

/**
 * The availability tests time one user's requests while another's large import runs, against a bound.
 * They run after the rest, one file at a time (`RELATE_TESTS=availability`, `npm run test:unit`): what
 * they measure is the server's own scheduling, and three other test files sharing CI's 2 cores pushed
 * single samples past the bound (585 ms against 500; at most 156 ms alone).
 */
const AVAILABILITY = [
  'server/test/availability.test.ts',
  // Times the event loop while a 9,000-year series is listed: 150 ms beside two other files, not alone.
  'server/src/modules/events/events.expansion-cost.test.ts',
];
const availabilityRun = process.env.RELATE_TESTS === 'availability';
const serverTests = availabilityRun ? AVAILABILITY : ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'];
const notHere = availabilityRun ? [] : AVAILABILITY;

/**
 * Server API tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
 * (each test file gets its own database). Web tests run in jsdom.
 */
export default defineConfig({
  test: {
    // On CI's 2 cores the default ran one file at a time (570 s); API tests spend much of their time
    // waiting on PostgreSQL, so three files at once take 347 s, all green.
    maxWorkers: availabilityRun ? 1 : 3,
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: notHere,
          isolate: false,
          globalSetup: ['server/test/pglite-template.setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                isolate: false,
                globalSetup: ['server/test/postgres-template.setup.ts'],
                // Process-level tests start the server on its own PostgreSQL server in DATA_DIR; running
                // them twice adds nothing. The event-loop bound of a long series is the server's own
                // cost: timed once, in the other project.
                exclude: [
                  'server/test/process.test.ts',
                  'server/test/embedded-postgres.test.ts',
                  AVAILABILITY[1],
                  ...notHere,
                ],
                environment: 'node',
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { RELATE_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      ...(availabilityRun
        ? []
        : ['web', { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } }]),
    ],
  },
});
