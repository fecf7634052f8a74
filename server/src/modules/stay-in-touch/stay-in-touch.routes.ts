import {
  FollowUpActionBodySchema,
  IdParamsSchema,
  ReachOutResponseSchema,
  StayInTouchBodySchema,
  StayInTouchSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const stayInTouchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stayInTouch } = app.services;

  app.get(
    '/people/:id/stay-in-touch',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stay-in-touch'],
        description: 'The contact’s cadence, last contact and next follow-up.',
        params: IdParamsSchema,
        response: { 200: StayInTouchSchema },
      },
    },
    async (request) => stayInTouch.get(request.user.id, request.params.id),
  );

  app.put(
    '/people/:id/stay-in-touch',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stay-in-touch'],
        description:
          'Sets the cadence (every N days, weeks or months; null stops it): the next follow-up is counted from the last contact.',
        params: IdParamsSchema,
        body: StayInTouchBodySchema,
        response: { 200: StayInTouchSchema },
      },
    },
    async (request) =>
      stayInTouch.setCadence(request.user.id, request.params.id, request.body.cadence, request.body.timezone),
  );

  app.post(
    '/people/:id/follow-up',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stay-in-touch'],
        description:
          'Done (in touch now: moves the last contact and the next follow-up) or Snooze 1 day / 1 week.',
        params: IdParamsSchema,
        body: FollowUpActionBodySchema,
        response: { 200: StayInTouchSchema },
      },
    },
    async (request) => stayInTouch.act(request.user.id, request.params.id, request.body),
  );

  app.get(
    '/reach-out',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stay-in-touch'],
        description: 'Who is due or overdue for a follow-up, who is due this week, and the week’s birthdays.',
        response: { 200: ReachOutResponseSchema },
      },
    },
    async (request) => stayInTouch.reachOut(request.user.id),
  );
};
