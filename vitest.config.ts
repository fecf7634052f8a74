import { configDefaults, defineConfig } from 'vitest/config';

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
 * Server tests run on real PostgreSQL (the server at TEST_DATABASE_URL, else an embedded one that
 * postgres-template.setup.ts starts); each test file gets its own database copied from a migrated
 * template. Web tests run in jsdom.
 */
export default defineConfig({
  test: {
    // On CI's 2 cores the default ran one file at a time (570 s); API tests spend much of their time
    // waiting on PostgreSQL, so three files at once take 347 s, all green.
    maxWorkers: availabilityRun ? 1 : 3,
    projects: [
      {
        test: {
          name: 'server',
          include: serverTests,
          exclude: notHere,
          isolate: false,
          globalSetup: ['server/test/postgres-template.setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { RELATE_TEST_DB: 'postgres' },
        },
      },
      ...(availabilityRun
        ? []
        : [
            'web',
            {
              test: {
                name: 'scripts',
                include: ['scripts/**/*.test.ts'],
                // The dependency checker's fixtures (a `*.test.ts` among them) are read by the checker, not run.
                exclude: [...configDefaults.exclude, 'scripts/fixtures/**'],
                environment: 'node',
              },
            },
          ]),
    ],
  },
});
