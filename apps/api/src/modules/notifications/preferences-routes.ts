import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from '@lynk/contract/notifications';
import { GATES } from '@lynk/contract/permissions';
import { requireGate, requireIdentity } from '../../plugins/auth.ts';
import { getPreferences, updatePreferences } from './preferences-service.ts';

/**
 * `/api/profile/notifications-preferences` (spec section 7): the merchant's switch per code
 * (docs/decisions/027). Anyone signed in reads them; changing them needs profile update, like
 * the low-balance threshold beside them on the settings page.
 */
export async function notificationPreferenceRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/notifications-preferences',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['profile'],
        summary: "The merchant's notification preferences the caller may see",
        response: { 200: notificationPreferencesSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getPreferences(app.db, request.identity!),
  );

  typed.put(
    '/notifications-preferences',
    {
      preValidation: requireGate(GATES.thresholdEdit),
      schema: {
        tags: ['profile'],
        summary: 'Switch notification codes on or off for the merchant',
        body: updateNotificationPreferencesSchema,
        response: {
          200: notificationPreferencesSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => updatePreferences(app.db, request.identity!, request.body, new Date()),
  );
}
