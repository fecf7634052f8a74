/**
 * The dependency checker (`.dependency-cruiser.cjs`, run by `npm run lint`) fires on every spelling of a
 * forbidden import, because it judges the file an import resolves to, not its text: run on the fixture
 * files of fixtures/dependency-checker (a small server and web app laid out like the real ones), it
 * reports exactly the imports that break a rule, and none of the allowed ones.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'fixtures', 'dependency-checker');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Each violation as `rule: from → to`, paths relative to the fixtures. */
let found: string[];
let exitCode: number;
beforeAll(async () => {
  const cli = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const run = promisify(execFile);
  const args = [cli, 'server', 'web', '--config', path.join(root, '.dependency-cruiser.cjs')];
  const options = { cwd: fixtures, maxBuffer: 16 * 1024 * 1024 };
  const { stdout } = await run(process.execPath, [...args, '-T', 'json'], options);
  // As `npm run lint` runs it (its text report): violations exit non-zero, which fails the run.
  exitCode = await run(process.execPath, args, options).then(
    () => 0,
    (failed: { code: number }) => failed.code,
  );
  const { summary } = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  found = summary.violations.map(
    ({ rule, from, to }) => `${rule.name}: ${from} → ${to.replace(/^.*node_modules\//, '')}`,
  );
}, 60_000);

const s = (file: string) => `server/src/${file}`;
const w = (file: string) => `web/src/${file}`;

describe('a module reaching into another', () => {
  it.each([
    [
      '../../modules/… (climbs out of the modules and back in)',
      'escape-climb.ts',
      'tasks/tasks.repository.ts',
    ],
    ['./../… (a dot first)', 'escape-dot.ts', 'tasks/tasks.mappers.ts'],
    ['a .ts suffix', 'escape-ts-suffix.ts', 'tasks/tasks.repository.ts'],
    ['a .js suffix', 'escape-js-suffix.ts', 'tasks/tasks.repository.ts'],
    ['a route importing another module’s repository', 'groups.routes.ts', 'tasks/tasks.repository.ts'],
  ])('fires on %s', (_, from, to) => {
    expect(found).toContain(`module-public-surface: ${s(`modules/groups/${from}`)} → ${s(`modules/${to}`)}`);
  });

  it('fires on an aliased service class constructed outside services.ts', () => {
    expect(found).toContain(
      `services-constructed-in-services-ts: ${s('modules/groups/escape-aliased-class.ts')} → ${s('modules/tasks/tasks.service.ts')}`,
    );
    expect(found).toContain(
      `services-constructed-in-services-ts-outside-modules: ${s('plugins/escape-aliased-class.ts')} → ${s('modules/tasks/tasks.service.ts')}`,
    );
  });

  it('fires on the whole service container handed to a module', () => {
    expect(found).toContain(
      `nothing-imports-the-composition-root: ${s('modules/groups/escape-whole-container.ts')} → ${s('services.ts')}`,
    );
  });

  it('fires on a test reaching another module’s repository, not on its own', () => {
    expect(found).toContain(
      `tests-no-foreign-repository: ${s('modules/groups/groups.routes.test.ts')} → ${s('modules/tasks/tasks.repository.ts')}`,
    );
    expect(found.filter((line) => line.includes('tasks.service.test.ts'))).toEqual([]);
  });

  it('lets a known exception through, and only that import of its file', () => {
    const mapper = s('modules/google/calendar-mapper.ts');
    expect(found.filter((line) => line.includes(mapper))).toEqual([
      `module-public-surface: ${mapper} → ${s('modules/events/events.repository.ts')}`,
    ]);
  });
});

describe('a lower layer importing a module', () => {
  it.each([
    ['lib', 'escape-lib.ts', 'tasks/tasks.mappers.ts'],
    ['jobs', 'escape-jobs.ts', 'tasks/tasks.service.ts'],
    ['integrations', 'escape-integrations.ts', 'tasks/tasks.types.ts'],
    ['db', 'escape-db.ts', 'tasks/tasks.repository.ts'],
    ['plugins', 'escape-aliased-class.ts', 'tasks/tasks.service.ts'],
  ])('fires from %s/', (layer, from, to) => {
    expect(found).toContain(`low-layers-import-no-module: ${s(`${layer}/${from}`)} → ${s(`modules/${to}`)}`);
  });
});

describe('the layers inside the server', () => {
  it('fires on Drizzle outside a repository', () => {
    expect(found).toContain(
      `sql-in-repositories-only: ${s('modules/groups/wrong-sql-outside-repository.ts')} → drizzle-orm/index.d.ts`,
    );
  });

  it('fires on a repository importing a service, a service importing a route, a route importing a repository', () => {
    expect(found).toEqual(
      expect.arrayContaining([
        `repositories-below-services: ${s('modules/groups/groups.repository.ts')} → ${s('modules/groups/groups.service.ts')}`,
        `services-below-routes: ${s('modules/tasks/wrong-imports-route.ts')} → ${s('modules/tasks/tasks.routes.ts')}`,
        `routes-through-services: ${s('modules/groups/groups.routes.ts')} → ${s('modules/tasks/tasks.repository.ts')}`,
      ]),
    );
  });

  it('fires on a lower layer importing one above it (lib < db < jobs, integrations, plugins)', () => {
    expect(found).toEqual(
      expect.arrayContaining([
        `lib-is-the-bottom: ${s('lib/wrong-lib-imports-db.ts')} → ${s('db/client.ts')}`,
        `db-below-jobs: ${s('db/wrong-db-imports-jobs.ts')} → ${s('jobs/job-runner.ts')}`,
        `jobs-integrations-plugins-apart: ${s('integrations/wrong-integration-imports-jobs.ts')} → ${s('jobs/job-runner.ts')}`,
      ]),
    );
  });

  it('fires on a cycle of type-only imports', () => {
    expect(found).toContain(`no-cycles: ${s('lib/cycle-a.ts')} → ${s('lib/cycle-b.ts')}`);
  });
});

describe('the web app (decision 20)', () => {
  it.each([
    ['@/features/… (the alias)', 'escape-alias.ts', 'features/contacts/api.ts'],
    ['../other-feature/… (relative)', 'escape-relative.ts', 'features/contacts/api.ts'],
    ['../../../features/… (from deeper down)', 'deep/escape-climb.ts', 'features/contacts/api.ts'],
    ['@/app/…', 'escape-app.ts', 'app/routes.ts'],
  ])('fires on a feature importing another feature or app/ by %s', (_, from, to) => {
    expect(found).toContain(`web-feature-imports-only-itself: ${w(`features/tasks/${from}`)} → ${w(to)}`);
  });

  it('fires on a feature importing itself through @/features/…', () => {
    expect(found).toContain(
      `web-feature-imports-itself-by-relative-path: ${w('features/tasks/escape-self-alias.ts')} → ${w('features/tasks/own.ts')}`,
    );
  });

  it('fires on a feature reaching components/ by a relative path instead of @/components/…', () => {
    expect(found).toContain(
      `web-feature-imports-shared-through-alias: ${w('features/tasks/escape-relative-shared.ts')} → ${w('components/button.ts')}`,
    );
  });

  it('fires on components/ or lib/ importing a feature or app/', () => {
    expect(found).toEqual(
      expect.arrayContaining([
        `web-shared-imports-no-feature: ${w('components/escape-feature.ts')} → ${w('features/contacts/api.ts')}`,
        `web-shared-imports-no-feature: ${w('lib/escape-app.ts')} → ${w('app/routes.ts')}`,
      ]),
    );
  });
});

it('fails the run (npm run lint) when it finds one', () => {
  expect(exitCode).not.toBe(0);
});

it('reports nothing else: the allowed imports of the fixtures pass', () => {
  // Every fixture file that breaks a rule is named escape-* or wrong-* (or is a layer's file importing the
  // wrong way: groups.repository, groups.routes, its test, the known exception's mapper).
  const allowedBreakers = /escape-|wrong-|groups\.repository|groups\.routes|calendar-mapper|cycle-/;
  expect(found.filter((line) => !allowedBreakers.test(line.split(' → ')[0]))).toEqual([]);
  // The 32 lines the tests above name (groups.routes.ts breaks three rules, plugins' aliased class two).
  expect(found).toHaveLength(32);
});
