import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import { lowBalanceThresholdSchema, updateLowBalanceThresholdSchema } from '@lynk/contract/notifications';
import { GATES } from '@lynk/contract/permissions';
import { requireGate } from '../../plugins/auth.ts';
import { updateLowBalanceThreshold } from '../notifications/index.ts';

/**
 * PUT on the profile root (spec section 7): the merchant's `low_balance_threshold`, a whole
 * number of Jamaican dollars, by a staff member with profile update (spec section 6, "Threshold
 * edit"). The alert it drives is written by the ledger (docs/decisions/027).
 */
export async function profileThresholdRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.put(
    '/',
    {
      preValidation: requireGate(GATES.thresholdEdit),
      schema: {
        tags: ['profile'],
        summary: "Set the merchant's low-balance threshold (whole dollars)",
        body: updateLowBalanceThresholdSchema,
        response: {
          200: lowBalanceThresholdSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => updateLowBalanceThreshold(app.db, request.identity!, request.body),
  );
}
