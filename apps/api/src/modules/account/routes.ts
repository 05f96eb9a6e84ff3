import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountListSchema, childrenSchema } from '@lynk/contract/accounts';
import { apiErrorSchema } from '@lynk/contract/errors';
import { requireIdentity } from '../../plugins/auth.ts';
import { listChildBranches, listMerchantAccounts } from './repository.ts';

/** The account back end (`/api/account`). Everything is scoped by the caller's organization. */
export async function accountRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/v1/accounts',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['account'],
        summary: "The signed-in merchant's accounts",
        response: { 200: accountListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const rows = await listMerchantAccounts(app.db, request.identity!.merchant_id);
      return {
        result: rows.map((row) => ({
          id: row.id,
          type: row.type,
          details: {
            account_id: row.account_ref,
            currency: row.currency,
            ...(row.external_reference ? { external_reference: row.external_reference } : {}),
          },
        })),
      };
    },
  );

  typed.get(
    '/v1/accounts/children',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['account'],
        summary: 'Branches of the signed-in organization, with their accounts',
        response: { 200: childrenSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ children: await listChildBranches(app.db, request.identity!.org_id) }),
  );
}
