import {
  CheckoutSessionBodySchema,
  CheckoutSessionResponseSchema,
  CurrentPlanResponseSchema,
  PortalSessionResponseSchema,
  WebhookResponseSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.services;

  app.get(
    '/plan',
    {
      config: { access: 'user' },
      schema: {
        tags: ['plans'],
        description:
          'The caller’s plan, their Stripe subscription’s state, and whether payments are available.',
        response: { 200: CurrentPlanResponseSchema },
      },
    },
    (request) => billing.current(request.user),
  );

  app.post(
    '/stripe-checkout-session',
    {
      config: { access: 'user' },
      schema: {
        tags: ['plans'],
        description:
          'A Stripe Checkout page for a monthly subscription to the plan. Calling it twice within ten minutes ' +
          'gives the same session.',
        body: CheckoutSessionBodySchema,
        response: { 200: CheckoutSessionResponseSchema },
      },
    },
    async (request) => ({ checkout_url: await billing.createCheckout(request.user, request.body.plan) }),
  );

  app.post(
    '/stripe-portal-session',
    {
      config: { access: 'user' },
      schema: {
        tags: ['plans'],
        description: 'A Stripe billing portal session for the caller’s own customer.',
        response: { 200: PortalSessionResponseSchema },
      },
    },
    async (request) => ({ portal_url: await billing.createPortal(request.user) }),
  );

  // Stripe signs the exact bytes it sends: this route alone keeps the JSON body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/stripe/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['plans'],
          description: 'Stripe webhook endpoint, verified with the Stripe-Signature header.',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: WebhookResponseSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const outcome = await billing.handleWebhook(
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        request.log.info({ stripe: outcome }, 'stripe webhook');
        return { received: true as const };
      },
    );
  });
};
