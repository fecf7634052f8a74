import {
  COMPANY_CSV_MAX_BYTES,
  CompaniesResponseSchema,
  CompanyAutoMergeResultSchema,
  CompanyCsvBodySchema,
  CompanyCsvHeadersBodySchema,
  CompanyCsvHeadersResponseSchema,
  CompanyCsvPreviewSchema,
  CompanyCsvResultSchema,
  CompanyDuplicatesResponseSchema,
  CompanySchema,
  CompanySuggestionsQuerySchema,
  CompanySuggestionsResponseSchema,
  ConfirmBodySchema,
  CreateCompanyBodySchema,
  DeletedCompaniesSchema,
  IdParamsSchema,
  ListCompaniesQuerySchema,
  ResolveCompanyDuplicatesBodySchema,
  TrashedSchema,
  UnlinkedOrganizationsResponseSchema,
  UpdateCompanyBodySchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastSerializer } from '../../lib/fast-serializer';
import { parseJsonBody } from '../../lib/json-body';
import type { TrashedCompanies } from './companies.service';

/**
 * The CSV arrives as a JSON string, whose escaping doubles each quote, line break and tab: a 20 MB
 * file of nothing else is a 40 MB body. So the body may be twice the largest CSV plus a megabyte for the
 * mapping (41 MB); a larger one is refused with 413 from its Content-Length, before it is read. The
 * CSV text itself is held to 20 MB by the CSV reader (decision 0030).
 */
const CSV_BODY_LIMIT = COMPANY_CSV_MAX_BYTES * 2 + 1024 * 1024;
const CSV_TOO_LARGE = `The file is larger than ${COMPANY_CSV_MAX_BYTES / 1024 / 1024} MB`;
/** Bodies up to this size are parsed on the event loop (about 1.5 ms of CPU); larger on a worker thread. */
const PARSE_ON_WORKER_BYTES = 1024 * 1024;

const toDeleted = ({ deleted, batch }: TrashedCompanies) => ({ deleted, trash_batch: batch });

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { companies, contacts } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['companies'];

  app.get(
    '/companies',
    {
      config,
      schema: { tags, querystring: ListCompaniesQuerySchema, response: { 200: CompaniesResponseSchema } },
      serializerCompiler: fastSerializer(CompaniesResponseSchema),
    },
    async (request) => companies.list(request.user.id, request.query),
  );

  app.post(
    '/companies',
    { config, schema: { tags, body: CreateCompanyBodySchema, response: { 201: CompanySchema } } },
    async (request, reply) => {
      reply.code(201);
      return companies.create(request.user.id, request.body);
    },
  );

  app.delete(
    '/companies',
    {
      config,
      schema: {
        tags,
        description: 'Delete All Companies: every company of the caller, in one statement.',
        body: ConfirmBodySchema,
        response: { 200: DeletedCompaniesSchema },
      },
    },
    async (request) => toDeleted(await companies.deleteAll(request.user.id)),
  );

  app.get(
    '/companies/duplicates',
    { config, schema: { tags, response: { 200: CompanyDuplicatesResponseSchema } } },
    async (request) => companies.duplicates(request.user.id),
  );

  app.post(
    '/companies/duplicates/auto-merge',
    {
      config,
      schema: {
        tags,
        description: 'Keeps the first (lowest id) company of every identical group and deletes the rest.',
        response: { 200: CompanyAutoMergeResultSchema },
      },
    },
    async (request) => {
      const { groups, ...trashed } = await companies.autoMergeDuplicates(request.user.id);
      return { merged_groups: groups, ...toDeleted(trashed) };
    },
  );

  app.post(
    '/companies/duplicates/resolve',
    {
      config,
      schema: { tags, body: ResolveCompanyDuplicatesBodySchema, response: { 200: DeletedCompaniesSchema } },
    },
    async (request) => toDeleted(await companies.resolveDuplicates(request.user.id, request.body)),
  );

  app.get(
    '/companies/suggestions',
    {
      config,
      schema: {
        tags,
        description:
          'The companies a typed organization may mean (the contact form): the one it names first, then by name.',
        querystring: CompanySuggestionsQuerySchema,
        response: { 200: CompanySuggestionsResponseSchema },
      },
    },
    async (request) => companies.suggestions(request.user.id, request.query.q),
  );

  app.get(
    '/companies/unlinked-organizations',
    {
      config,
      schema: {
        tags,
        description:
          "Organizations of the caller's contacts that none of their companies matches (what migration 0038 and the imports could not link).",
        response: { 200: UnlinkedOrganizationsResponseSchema },
      },
    },
    async (request) => contacts.unlinkedOrganizations(request.user.id),
  );

  app.get(
    '/companies/:id',
    { config, schema: { tags, params: IdParamsSchema, response: { 200: CompanySchema } } },
    async (request) => companies.get(request.user.id, request.params.id),
  );

  app.put(
    '/companies/:id',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateCompanyBodySchema,
        response: { 200: CompanySchema },
      },
    },
    async (request) => companies.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/companies/:id',
    {
      config,
      schema: {
        tags,
        description: 'Moves the company to the Trash; its trash_batch undoes it (POST /api/trash/restore).',
        params: IdParamsSchema,
        response: { 200: TrashedSchema },
      },
    },
    async (request) => ({
      message: 'Company deleted successfully',
      ...toDeleted(await companies.delete(request.user.id, request.params.id)),
    }),
  );

  // The CSV routes parse their JSON bodies (up to 41 MB) on a worker thread: about 60 ms of CPU for the
  // largest, plus secure-json-parse's scan, would otherwise hold every other request.
  await app.register(async (plain) => {
    const csv = plain.withTypeProvider<ZodTypeProvider>();
    const csvConfig = { ...config, bodyTooLarge: CSV_TOO_LARGE };
    csv.removeContentTypeParser('application/json');
    csv.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
      async (_request: unknown, body: string | Buffer) => {
        const text = body.toString();
        return text.length > PARSE_ON_WORKER_BYTES
          ? app.services.workers.run('parseJson', text)
          : parseJsonBody(text);
      },
    );

    csv.post(
      '/company-csv-processor',
      {
        config: csvConfig,
        bodyLimit: CSV_BODY_LIMIT,
        schema: { tags, body: CompanyCsvBodySchema, response: { 200: CompanyCsvResultSchema } },
      },
      async (request) =>
        companies.importCsv(
          request.user.id,
          request.body.csvData,
          request.body.customMapping,
          request.body.combine,
        ),
    );

    csv.post(
      '/company-csv-processor/preview',
      {
        config: csvConfig,
        bodyLimit: CSV_BODY_LIMIT,
        schema: {
          tags,
          description: 'The import as it would be (same body as /company-csv-processor); nothing is written.',
          body: CompanyCsvBodySchema,
          response: { 200: CompanyCsvPreviewSchema },
        },
      },
      async (request) =>
        companies.previewCsv(request.body.csvData, request.body.customMapping, request.body.combine),
    );

    csv.post(
      '/company-csv-processor/headers',
      {
        config: csvConfig,
        bodyLimit: CSV_BODY_LIMIT,
        schema: {
          tags,
          description: 'The headers as the import reads them, and whether the mapping dialog is needed.',
          body: CompanyCsvHeadersBodySchema,
          response: { 200: CompanyCsvHeadersResponseSchema },
        },
      },
      async (request) => companies.inspectCsv(request.body.csvData),
    );
  });
};
