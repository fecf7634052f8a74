import {
  AssignableUsersResponseSchema,
  CreateProjectBodySchema,
  CreateTaskBodySchema,
  IdParamsSchema,
  ListTasksQuerySchema,
  MessageSchema,
  OpenTaskCountSchema,
  ParticipantsResponseSchema,
  ProjectNameParamsSchema,
  ProjectSchema,
  ProjectsResponseSchema,
  SetParticipantsBodySchema,
  TaskSchema,
  TasksResponseSchema,
  TrashedSchema,
  UpdateTaskBodySchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tasks } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['tasks'];

  app.get(
    '/projects',
    { config, schema: { tags, response: { 200: ProjectsResponseSchema } } },
    async (request) => ({ projects: await tasks.projects(request.user) }),
  );

  app.post(
    '/projects',
    { config, schema: { tags, body: CreateProjectBodySchema, response: { 201: ProjectSchema } } },
    async (request, reply) => {
      reply.code(201);
      return tasks.createProject(request.user, request.body.name);
    },
  );

  app.get(
    '/projects/:name/participants',
    {
      config,
      schema: { tags, params: ProjectNameParamsSchema, response: { 200: ParticipantsResponseSchema } },
    },
    async (request) => ({ participants: await tasks.participants(request.user, request.params.name) }),
  );

  app.post(
    '/projects/:name/participants',
    {
      config,
      schema: {
        tags,
        params: ProjectNameParamsSchema,
        body: SetParticipantsBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await tasks.setParticipants(request.user, request.params.name, request.body.participants);
      return { message: 'Participants saved' };
    },
  );

  app.get(
    '/tasks',
    { config, schema: { tags, querystring: ListTasksQuerySchema, response: { 200: TasksResponseSchema } } },
    async (request) => ({ projects: await tasks.list(request.user, request.query) }),
  );

  app.get(
    '/tasks/open-count',
    { config, schema: { tags, response: { 200: OpenTaskCountSchema } } },
    async (request) => ({ count: await tasks.openCount(request.user) }),
  );

  app.get(
    '/tasks/assignable-users',
    {
      config,
      schema: {
        tags,
        querystring: z.object({ project: z.string().trim().max(200).optional() }),
        response: { 200: AssignableUsersResponseSchema },
      },
    },
    async (request) => ({
      users: await tasks.assignableUsers(request.user, request.query.project || undefined),
    }),
  );

  app.post(
    '/tasks',
    { config, schema: { tags, body: CreateTaskBodySchema, response: { 201: TaskSchema } } },
    async (request, reply) => {
      reply.code(201);
      return tasks.create(request.user, request.body);
    },
  );

  app.get(
    '/tasks/:id',
    { config, schema: { tags, params: IdParamsSchema, response: { 200: TaskSchema } } },
    async (request) => tasks.get(request.user, request.params.id),
  );

  app.put(
    '/tasks/:id',
    {
      config,
      schema: { tags, params: IdParamsSchema, body: UpdateTaskBodySchema, response: { 200: TaskSchema } },
    },
    async (request) => tasks.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/tasks/:id',
    {
      config,
      schema: {
        tags,
        description:
          "Moves the task to the caller's Trash; its trash_batch undoes it (POST /api/trash/restore).",
        params: IdParamsSchema,
        response: { 200: TrashedSchema },
      },
    },
    async (request) => ({
      message: 'Task deleted',
      deleted: 1,
      trash_batch: await tasks.delete(request.user, request.params.id),
    }),
  );
};
