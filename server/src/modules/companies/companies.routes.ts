import {
  CompaniesResponseSchema,
  CompanyAutoMergeResultSchema,
  CompanyCsvBodySchema,
  CompanyCsvHeadersBodySchema,
  CompanyCsvHeadersResponseSchema,
  CompanyCsvPreviewSchema,
  CompanyCsvResultSchema,
  CompanyDuplicatesResponseSchema,
  CompanySchema,
  ConfirmBodySchema,
  CreateCompanyBodySchema,
  DeletedCompaniesSchema,
  IdParamsSchema,
  ListCompaniesQuerySchema,
  MessageSchema,
  ResolveCompanyDuplicatesBodySchema,
  UpdateCompanyBodySchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_MAX_CSV_BYTES } from '../../lib/csv';
import { fastSerializer } from '../../lib/fast-serializer';

/**
 * The CSV arrives as a JSON string, whose escaping doubles each quote, line break and tab: a 50 MB
 * file of nothing else is a 100 MB body. The CSV text itself is held to 50 MB by the CSV reader
 * (413 naming the limit).
 */
const CSV_BODY_LIMIT = DEFAULT_MAX_CSV_BYTES * 2 + 1024 * 1024;

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { companies } = app.services;
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
    async (request) => ({ deleted: await companies.deleteAll(request.user.id) }),
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
      const { groups, deleted } = await companies.autoMergeDuplicates(request.user.id);
      return { merged_groups: groups, deleted };
    },
  );

  app.post(
    '/companies/duplicates/resolve',
    {
      config,
      schema: { tags, body: ResolveCompanyDuplicatesBodySchema, response: { 200: DeletedCompaniesSchema } },
    },
    async (request) => ({ deleted: await companies.resolveDuplicates(request.user.id, request.body) }),
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
    { config, schema: { tags, params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      await companies.delete(request.user.id, request.params.id);
      return { message: 'Company deleted successfully' };
    },
  );

  app.post(
    '/company-csv-processor',
    {
      config,
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

  app.post(
    '/company-csv-processor/preview',
    {
      config,
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

  app.post(
    '/company-csv-processor/headers',
    {
      config,
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
};
