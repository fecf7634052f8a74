import {
  AllPlansResponseSchema,
  PlanDetailsResponseSchema,
  PlanParamsSchema,
  PluginsResponseSchema,
  SetPlanBodySchema,
  SetPlanResponseSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { plans } = app.services;

  app.get(
    '/all-plans',
    {
      config: { access: 'user' },
      schema: {
        tags: ['plans'],
        description: 'Every plan by name, with its monthly price and features.',
        response: { 200: AllPlansResponseSchema },
      },
    },
    () => ({ success: true as const, plans: plans.all() }),
  );

  app.get(
    '/plan-details/:plan',
    {
      config: { access: 'user' },
      schema: {
        tags: ['plans'],
        description: 'One plan (name matched case-insensitively); 404 for an unknown plan.',
        params: PlanParamsSchema,
        response: { 200: PlanDetailsResponseSchema },
      },
    },
    (request) => ({ success: true as const, plan: plans.details(request.params.plan) }),
  );

  app.get(
    '/plugins',
    {
      config: { access: 'user' },
      schema: {
        tags: ['plans'],
        description: 'The plugin catalogue.',
        response: { 200: PluginsResponseSchema },
      },
    },
    () => ({ success: true as const, plugins: plans.plugins() }),
  );

  app.post(
    '/plan',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['plans'],
        description:
          'Support sets a user’s plan by hand (administrators only; audited). Users change plan through Stripe.',
        body: SetPlanBodySchema,
        response: { 200: SetPlanResponseSchema },
      },
    },
    async (request) => {
      const userId = request.body.user_id ?? request.user.id;
      const change = await plans.adminSet(request.user.id, userId, request.body.plan, request.body.reason);
      request.log.info(
        {
          audit: 'plan_change',
          actor_id: request.user.id,
          user_id: userId,
          from: change?.from ?? request.body.plan,
          to: request.body.plan,
          reason: request.body.reason ?? null,
        },
        'plan set by an administrator',
      );
      return { success: true as const, user_id: userId, plan: request.body.plan };
    },
  );
};
