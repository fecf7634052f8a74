import multipart from '@fastify/multipart';
import {
  AutoMergeResultSchema,
  ConfirmBodySchema,
  CsvColumnsResponseSchema,
  CsvImportResponseSchema,
  CsvPreviewResponseSchema,
  DeletedPeopleSchema,
  ExportVCardQuerySchema,
  IdParamsSchema,
  ListPeopleQuerySchema,
  PeopleResponseSchema,
  PersonBodySchema,
  PersonDuplicateGroupQuerySchema,
  PersonDuplicateGroupSchema,
  PersonDuplicatesResponseSchema,
  PersonSchema,
  ResolvePeopleBodySchema,
  ShareContactsBodySchema,
  ShareContactsResponseSchema,
  TrashedSchema,
  UndoCsvImportResponseSchema,
} from '@relate/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvTooLarge, DEFAULT_MAX_CSV_BYTES } from '../../lib/csv';
import { type SpooledFile, spoolToTempFile } from '../../lib/csv/spool';
import { AppError, badRequest, fieldError } from '../../lib/errors';
import { fastSerializer, sendJsonText } from '../../lib/fast-serializer';
import type { TrashedContacts } from './contacts.service';

const toDeleted = ({ deleted, batch }: TrashedContacts) => ({ deleted, trash_batch: batch });

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contacts } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['contacts'];

  await app.register(multipart, {
    limits: { fileSize: DEFAULT_MAX_CSV_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024 },
  });

  /**
   * The uploaded file, spooled to a temporary file (413 past 50 MB), and the text fields that came with
   * it. The caller must `dispose()` the file.
   */
  async function readUpload(request: FastifyRequest) {
    if (!request.isMultipart())
      throw badRequest('Send the file as multipart/form-data', [
        { field: 'file', message: 'A CSV file is required' },
      ]);
    let file: SpooledFile | undefined;
    let name = '';
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          name = part.filename ?? '';
          file = await spoolToTempFile(part.file);
          if (part.file.truncated) throw csvTooLarge(DEFAULT_MAX_CSV_BYTES);
        } else fields[part.fieldname] = String(part.value);
      }
    } catch (error) {
      await file?.dispose();
      if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413) throw error;
      throw fieldError('file', `The upload could not be read: ${(error as Error).message}`);
    }
    if (!file) throw fieldError('file', 'A CSV file is required');
    return { file, fields, name };
  }

  app.get(
    '/people',
    {
      config,
      schema: { tags, querystring: ListPeopleQuerySchema, response: { 200: PeopleResponseSchema } },
    },
    async (request, reply) => sendJsonText(reply, await contacts.listJson(request.user.id, request.query)),
  );

  app.post(
    '/people',
    { config, schema: { tags, body: PersonBodySchema, response: { 201: PersonSchema } } },
    async (request, reply) => {
      reply.code(201);
      return contacts.create(request.user.id, request.body);
    },
  );

  app.delete(
    '/people',
    { config, schema: { tags, body: ConfirmBodySchema, response: { 200: DeletedPeopleSchema } } },
    async (request) => toDeleted(await contacts.deleteAll(request.user.id)),
  );

  app.get(
    '/people/duplicates',
    {
      config,
      schema: { tags, response: { 200: PersonDuplicatesResponseSchema } },
    },
    // Thousands of people at a large address book's size (10 per group): written by the database.
    async (request, reply) => sendJsonText(reply, await contacts.duplicatesJson(request.user.id)),
  );

  app.get(
    '/people/duplicates/group',
    {
      config,
      schema: {
        tags,
        description:
          "One name group of GET /people/duplicates with every one of its people (the scan sends the first 10). 404 unless two or more of the caller's contacts have this key.",
        querystring: PersonDuplicateGroupQuerySchema,
        response: { 200: PersonDuplicateGroupSchema },
      },
      serializerCompiler: fastSerializer(PersonDuplicateGroupSchema),
    },
    async (request) => contacts.duplicateGroup(request.user.id, request.query.key),
  );

  app.post(
    '/people/duplicates/auto-merge',
    { config, schema: { tags, response: { 200: AutoMergeResultSchema } } },
    async (request) => {
      const { groups, ...trashed } = await contacts.autoMergeDuplicates(request.user.id);
      return { merged_groups: groups, ...toDeleted(trashed) };
    },
  );

  app.post(
    '/people/duplicates/resolve',
    { config, schema: { tags, body: ResolvePeopleBodySchema, response: { 200: DeletedPeopleSchema } } },
    async (request) =>
      toDeleted(
        await contacts.resolveDuplicates(request.user.id, request.body.keep_id, request.body.delete_ids),
      ),
  );

  app.get(
    '/people/export',
    {
      config,
      schema: {
        tags,
        description: 'Every contact as a CSV file (text/csv).',
        response: { 200: z.unknown() },
      },
    },
    async (request, reply) => {
      const csv = await contacts.exportCsv(request.user.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="contacts.csv"')
        .send(csv);
    },
  );

  app.get(
    '/people/export/vcard',
    {
      config,
      schema: {
        tags,
        description:
          'Contacts as one vCard 3.0 file (text/vcard): all of them, or those of ids (at most 1,000; ids not your own are left out).',
        querystring: ExportVCardQuerySchema,
        response: { 200: z.unknown() },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/vcard; charset=utf-8')
        .header('content-disposition', 'attachment; filename="contacts.vcf"')
        .send(contacts.exportVCard(request.user.id, request.query.ids)),
  );

  app.post(
    '/people/share',
    {
      config,
      schema: { tags, body: ShareContactsBodySchema, response: { 200: ShareContactsResponseSchema } },
    },
    async (request) => {
      const { user_ids, contact_id, contact_ids } = request.body;
      const ids = [...(contact_ids ?? []), ...(contact_id === undefined ? [] : [contact_id])];
      const shared = await contacts.share(request.user, user_ids, ids);
      const people = ids.length === 1 ? '1 contact' : `${ids.length} contacts`;
      const users = user_ids.length === 1 ? '1 user' : `${new Set(user_ids).size} users`;
      return { success: true as const, shared_count: shared, message: `Shared ${people} with ${users}` };
    },
  );

  app.get(
    '/people/:id',
    { config, schema: { tags, params: IdParamsSchema, response: { 200: PersonSchema } } },
    async (request) => contacts.get(request.user.id, request.params.id),
  );

  app.put(
    '/people/:id',
    {
      config,
      schema: { tags, params: IdParamsSchema, body: PersonBodySchema, response: { 200: PersonSchema } },
    },
    async (request) => contacts.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/people/:id',
    {
      config,
      schema: {
        tags,
        description: 'Moves the contact to the Trash; its trash_batch undoes it (POST /api/trash/restore).',
        params: IdParamsSchema,
        response: { 200: TrashedSchema },
      },
    },
    async (request) => ({
      message: 'Contact deleted',
      ...toDeleted(await contacts.delete(request.user.id, request.params.id)),
    }),
  );

  app.post(
    '/csv/get-columns',
    {
      config,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: CsvColumnsResponseSchema } },
    },
    async (request) => {
      const { file, name } = await readUpload(request);
      try {
        return { success: true, ...(await contacts.inspectCsv(file.path, name)) };
      } finally {
        await file.dispose();
      }
    },
  );

  app.post(
    '/csv/import-with-mapping',
    {
      config,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: CsvImportResponseSchema } },
    },
    async (request) => {
      contacts.prepareImport();
      const { file, fields } = await readUpload(request);
      try {
        const result = await contacts.importCsv(request.user.id, file, fields);
        return {
          success: true,
          imported_count: result.imported,
          skipped_count: result.skipped,
          total_rows: result.total,
          errors: result.errors,
          warnings: result.warnings,
          import_id: result.importId,
        };
      } finally {
        await file.dispose();
      }
    },
  );

  app.post(
    '/csv/preview',
    {
      config,
      schema: {
        tags,
        description:
          'The import as it would be (same multipart body as import-with-mapping; a vCard file needs no mapping); nothing is written.',
        consumes: ['multipart/form-data'],
        response: { 200: CsvPreviewResponseSchema },
      },
    },
    async (request) => {
      const { file, fields } = await readUpload(request);
      try {
        return await contacts.previewCsv(file, fields);
      } finally {
        await file.dispose();
      }
    },
  );

  app.delete(
    '/csv/imports/:id',
    {
      config,
      schema: {
        tags,
        description: 'Undo an import: deletes the contacts it created; 409 when one was edited since.',
        params: IdParamsSchema,
        response: { 200: UndoCsvImportResponseSchema },
      },
    },
    async (request) => ({ deleted: await contacts.undoImport(request.user.id, request.params.id) }),
  );
};
