import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payeeLookupQuerySchema, payeeLookupResponseSchema } from '@lynk/contract/batches';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import { merchantProfileSchema } from '@lynk/contract/profile';
import { requireGate, requireIdentity } from '../../plugins/auth.ts';
import { lookUpPayee } from '../batches/index.ts';
import { merchantProfile } from './service.ts';

/** The profile back end (`/api/profile`). Everything is scoped by the caller's merchant. */
export async function profileRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['profile'],
        summary: "The signed-in organization's merchant profile",
        response: { 200: merchantProfileSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => merchantProfile(app.db, request.identity!.merchant_id),
  );

  typed.get(
    '/payee-lookup',
    {
      preValidation: requireGate(GATES.createPayments),
      schema: {
        tags: ['profile'],
        summary: 'A payee by Lynk ID (`@handle`): a wallet user or a merchant, for a single payment',
        querystring: payeeLookupQuerySchema,
        response: {
          200: payeeLookupResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      data: await lookUpPayee(app.db, request.identity!.merchant_id, request.query.lynk_id),
    }),
  );
}
