import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payeeLookupQuerySchema, payeeLookupResponseSchema } from '@lynk/contract/batches';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import { merchantProfileSchema, type MerchantProfile } from '@lynk/contract/profile';
import { notFound } from '../../lib/app-error.ts';
import { requireGate, requireIdentity } from '../../plugins/auth.ts';
import { lookUpPayee } from '../batches/index.ts';
import { findMerchantProfile } from './repository.ts';

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
    async (request): Promise<MerchantProfile> => {
      const row = await findMerchantProfile(app.db, request.identity!.merchant_id);
      if (!row) throw notFound('This merchant no longer exists.');
      return {
        id: row.id,
        merchant_id: row.id,
        name: row.name,
        organization_id: row.organization_id,
        parent_org_id: row.parent_id,
        parent_name: row.parent_name,
        about: row.about,
        description: row.description,
        category: row.category,
        phone_number: row.phone_number,
        email: row.email,
        username: row.username,
        address: {
          address: row.address,
          address_2: row.address_2,
          city: row.city,
          province: row.province,
          country: row.country,
        },
        logo: row.logo,
        qr_code: row.qr_code,
        low_balance_threshold: row.low_balance_threshold,
        low_balance_enabled: row.low_balance_enabled,
        has_children: Boolean(row.has_children),
      };
    },
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
