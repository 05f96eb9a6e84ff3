import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { analyticsQuerySchema, analyticsSchema, chainAnalyticsSchema } from '@lynk/contract/analytics';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import { requireGate } from '../../plugins/auth.ts';
import { chainAnalytics, merchantAnalytics } from './service.ts';

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e, 404: e };
const tags = ['payment'];

/** The analytics page under /api/payment/analytics: figures from the rollups, never from the orders. */
export async function analyticsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/analytics',
    {
      preValidation: requireGate(GATES.analytics),
      schema: {
        tags,
        summary:
          "The merchant's payments and refunds for a period and the one before, by hour or day, channel, cashier and payer (a cashier: their own orders)",
        querystring: analyticsQuerySchema,
        response: { 200: z.object({ data: analyticsSchema }), ...errors },
      },
    },
    async (request) => ({ data: await merchantAnalytics(app.db, request.identity!, request.query) }),
  );

  typed.get(
    '/analytics/chain',
    {
      preValidation: requireGate(GATES.analyticsChain),
      schema: {
        tags,
        summary: "A parent organisation's analytics: its branches together, and each branch's headline",
        querystring: analyticsQuerySchema,
        response: { 200: z.object({ data: chainAnalyticsSchema }), ...errors },
      },
    },
    async (request) => ({ data: await chainAnalytics(app.db, request.identity!, request.query) }),
  );
}
