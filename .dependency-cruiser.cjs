/**
 * The dependency checker (decision 44): the server's and the web app's layers, stated once, on resolved
 * files rather than on the text of an import. `npm run lint` runs it on server, web, contracts, e2e,
 * bench and scripts; scripts/dependency-checker.test.ts proves each rule fires on the fixture files of
 * scripts/fixtures/dependency-checker/.
 *
 * Server layers: routes → services → repositories → db; below the modules, jobs/, integrations/ and
 * plugins/ over db/, over lib/. `server/src/services.ts`, `app.ts`, `main.ts`,
 * `cli.ts` and `heavy-work.ts` (with `heavy-work.dev.mjs`) are the composition root: they wire
 * everything, and nothing imports them but tests. `config.ts` is the environment's settings: anything
 * may read it.
 *
 * A module's public surface (what another module may import) is its `*.service.ts` files (its services
 * and the types they take and return) and its `*.types.ts` files (small named interfaces it owns); every
 * other file of `server/src/modules/<name>/` is the module's own. Contract types come from
 * `@relate/contracts`.
 */

/** Files that belong to no layer: tests may reach anything they need to set a case up. */
const TEST = '\\.test\\.ts$';
const ROOT = '^server/src/((app|services|main|cli|heavy-work)\\.ts|heavy-work\\.dev\\.mjs)$';
const LOW = '^server/src/(lib|db|jobs|integrations|plugins)/';

/**
 * Known exceptions, each one a pair of files: the checker fails on any import that is not listed here.
 * Remove a line once its import is gone. Keyed by rule name.
 */
const KNOWN = {
  'module-public-surface': [
    // The Google calendar sync reads Google's RRULE into the calendar's repeat (the .ics reader's
    // `repeatOf`, typed by the events' row values). To go with the sync engine's rework (issue 34's
    // row-type part): the events module offers it as a domain operation of its service.
    { from: 'server/src/modules/google/calendar-mapper.ts', to: 'server/src/modules/events/ics.ts' },
    // The Google contacts sync reads a contact row's synced fields through the contacts' mapper
    // (toPersonDto) to compare them with Google's. Same rework: the contacts service answers with
    // contract types, not rows.
    {
      from: 'server/src/modules/google/google-contacts.service.ts',
      to: 'server/src/modules/contacts/contacts.mappers.ts',
    },
  ],
};

const exactly = (file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

/**
 * `rule`, except for its known exceptions: the rule as written for every file with none, and for each
 * file with some, the rule once more with those targets left out.
 */
function withKnownExceptions(rule) {
  const known = KNOWN[rule.name] ?? [];
  const fromFiles = [...new Set(known.map(({ from }) => from))];
  if (fromFiles.length === 0) return [rule];
  const asArray = (value) => (value === undefined ? [] : [].concat(value));
  return [
    { ...rule, from: { ...rule.from, pathNot: [...asArray(rule.from.pathNot), ...fromFiles.map(exactly)] } },
    ...fromFiles.map((file) => ({
      ...rule,
      from: { ...rule.from, path: exactly(file) },
      to: {
        ...rule.to,
        pathNot: [
          ...asArray(rule.to.pathNot).map((pattern) =>
            // The group of the rule's own `from` pattern (its module), written out for this file.
            pattern.replaceAll('$1', file.match(new RegExp(rule.from.path))?.[1] ?? '$1'),
          ),
          ...known.filter(({ from }) => from === file).map(({ to }) => exactly(to)),
        ],
      },
    })),
  ];
}

const rules = [
  // ── Server ──────────────────────────────────────────────────────────────────────────────────────
  {
    name: 'low-layers-import-no-module',
    comment:
      'lib/, db/, jobs/, integrations/ and plugins/ import no module: a module is given to them (a listener, an interface, a task registered in heavy-work.ts).',
    severity: 'error',
    from: { path: LOW, pathNot: TEST },
    to: { path: '^server/src/modules/' },
  },
  {
    name: 'lib-is-the-bottom',
    comment: 'lib/ is code every layer may use: it imports nothing of db/, jobs/, integrations/ or plugins/.',
    severity: 'error',
    from: { path: '^server/src/lib/', pathNot: TEST },
    to: { path: '^server/src/(db|jobs|integrations|plugins)/' },
  },
  {
    name: 'db-below-jobs',
    comment:
      'db/ (the client, migrations, COPY, backups) is below the job runner, the integrations and the plugins: it imports none of them.',
    severity: 'error',
    from: { path: '^server/src/db/', pathNot: TEST },
    to: { path: '^server/src/(jobs|integrations|plugins)/' },
  },
  {
    name: 'jobs-integrations-plugins-apart',
    comment:
      'jobs/, integrations/ and plugins/ stand beside each other over db/ and lib/: none imports another.',
    severity: 'error',
    from: { path: '^server/src/(jobs|integrations|plugins)/', pathNot: TEST },
    to: { path: '^server/src/(jobs|integrations|plugins)/', pathNot: '^server/src/$1/' },
  },
  {
    name: 'nothing-imports-the-composition-root',
    comment:
      'services.ts, app.ts, main.ts, cli.ts and heavy-work.ts wire the server; a module or a lower layer takes the narrow interface it uses instead (Pick<BotsService, ...>).',
    severity: 'error',
    from: { path: '^server/src/', pathNot: [TEST, ROOT] },
    to: { path: ROOT },
  },
  {
    name: 'module-public-surface',
    comment:
      'A module uses another module through its *.service.ts (services, the types they take and return) and *.types.ts files only: never its repository, mappers, rows or helpers.',
    severity: 'error',
    from: { path: '^server/src/modules/([^/]+)/', pathNot: TEST },
    to: { path: '^server/src/modules/', pathNot: ['^server/src/modules/$1/', '\\.(service|types)\\.ts$'] },
  },
  {
    name: 'tests-no-foreign-repository',
    comment: "A module's tests reach another module through its service too, never its repository.",
    severity: 'error',
    from: { path: '^server/src/modules/([^/]+)/.+\\.test\\.ts$' },
    to: { path: '^server/src/modules/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^server/src/modules/$1/' },
  },
  {
    name: 'services-constructed-in-services-ts',
    comment:
      "Another module's service or repository is given by services.ts: import its type only (`import type`), whatever name it is imported under.",
    severity: 'error',
    from: { path: '^server/src/modules/([^/]+)/', pathNot: TEST },
    to: {
      path: '^server/src/modules/[^/]+/[^/]+\\.(service|repository)\\.ts$',
      pathNot: '^server/src/modules/$1/',
      dependencyTypesNot: ['type-only'],
    },
  },
  {
    name: 'services-constructed-in-services-ts-outside-modules',
    comment:
      'Outside the modules only services.ts (and tests) import a service or repository as a value: the rest import their types.',
    severity: 'error',
    from: { path: '^server/src/', pathNot: [TEST, '^server/src/modules/', '^server/src/services\\.ts$'] },
    to: { path: '^server/src/modules/.+\\.(service|repository)\\.ts$', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'sql-in-repositories-only',
    comment: 'Only *.repository.ts files and server/src/db use Drizzle and the schema (decision 0012).',
    severity: 'error',
    from: { path: '^server/src/', pathNot: ['\\.repository\\.ts$', '^server/src/db/', TEST] },
    to: { path: ['(^|/)node_modules/drizzle-orm/', '^server/src/db/schema(/|\\.ts$)'] },
  },
  {
    name: 'repositories-below-services',
    comment: 'routes → services → repositories: a repository imports no service and no route.',
    severity: 'error',
    from: { path: '\\.repository\\.ts$' },
    to: { path: '\\.(service|routes)\\.ts$' },
  },
  {
    name: 'services-below-routes',
    comment: 'routes → services: a service (or anything but the composition root) imports no route.',
    severity: 'error',
    from: { path: '^server/src/', pathNot: [TEST, ROOT, '\\.routes\\.ts$'] },
    to: { path: '\\.routes\\.ts$' },
  },
  {
    name: 'routes-through-services',
    comment: 'A route calls its service; it neither imports a repository nor the database.',
    severity: 'error',
    from: { path: '\\.routes\\.ts$' },
    to: { path: ['\\.repository\\.ts$', '^server/src/db/'] },
  },

  // ── Web (decision 20) ───────────────────────────────────────────────────────────────────────────
  {
    name: 'web-feature-imports-only-itself',
    comment:
      'A feature imports only itself, components/ and lib/; features are composed in app/routes (decision 0020).',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/' },
    to: { path: '^web/src/(features|app)/', pathNot: '^web/src/features/$1/' },
  },
  {
    name: 'web-feature-imports-itself-by-relative-path',
    comment:
      'A feature imports its own files by a relative path inside its folder, not through `@/features/…`.',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/' },
    to: { path: '^web/src/features/$1/', dependencyTypes: ['aliased'] },
  },
  {
    name: 'web-feature-imports-shared-through-alias',
    comment:
      'A feature reaches components/, lib/ and test/ through `@/…`, never by a relative path out of its folder (decision 0020).',
    severity: 'error',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/(components|lib|test)/', dependencyTypesNot: ['aliased'] },
  },
  {
    name: 'web-shared-imports-no-feature',
    comment: 'components/ and lib/ import no feature and nothing of app/ (decision 0020).',
    severity: 'error',
    from: { path: '^web/src/(components|lib)/' },
    to: { path: '^web/src/(features|app)/' },
  },

  // ── Both ────────────────────────────────────────────────────────────────────────────────────────
  {
    name: 'no-cycles',
    comment: 'No import cycles, type-only imports included (tsPreCompilationDeps).',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
];

module.exports = {
  forbidden: rules.flatMap(withKnownExceptions),
  options: {
    // `import type` counts: a cycle or a wrong-way import made of types is still one.
    tsPreCompilationDeps: true,
    // web's `@/` alias; the rest resolves as node does (workspaces through node_modules).
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|data|test-results)/', '^server/src/db/migrations/', '^scripts/fixtures/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
