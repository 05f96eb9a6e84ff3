import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from '@lynk/contract/notifications';
import { requireIdentity } from '../../plugins/auth.ts';
import { getPreferences, updatePreferences } from './preferences-service.ts';

/**
 * `/api/profile/notifications-preferences` (spec section 7): the merchant's switch per code
 * (docs/decisions/027). Anyone signed in reads the switches of the codes they may read; switching a
 * code needs what reading all of its notifications needs (checked per code by the service). The
 * low-balance threshold beside them is another route, with profile update (threshold-routes.ts).
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
      preValidation: requireIdentity,
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
    async (request) => updatePreferences(app.db, request.identity!, request.body, app.clock()),
  );
}
