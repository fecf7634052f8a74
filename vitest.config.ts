import { defineConfig } from 'vitest/config';

const serverTests = ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'];

/**
 * Server API tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
 * (each test file gets its own database). Web tests run in jsdom.
 */
export default defineConfig({
  test: {
    // On CI's 2 cores the default ran one file at a time (570 s); API tests spend much of their time
    // waiting on PostgreSQL, so three files at once take 347 s, all green.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
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
                // Process-level tests start the server on PGlite; running them twice adds nothing.
                exclude: ['server/test/process.test.ts'],
                environment: 'node',
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { RELATE_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      'web',
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
