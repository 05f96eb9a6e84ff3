import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import {
  notificationParamsSchema,
  notificationResponseSchema,
  notificationsListSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '@lynk/contract/notifications';
import { requireIdentity } from '../../plugins/auth.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/**
 * The profile back end's notifications (`/api/profile/notifications`): any signed-in staff member,
 * their own merchant's notifications, read state per staff member (docs/decisions/026).
 */
export async function notificationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/notifications',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['profile'],
        summary: "The caller's notifications, newest first by default, optionally one group's",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsListSchema, ...errors },
      },
    },
    async (request) => listNotifications(app.db, request.identity!, request.query),
  );

  typed.get(
    '/notifications/unread-count',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['profile'],
        summary: 'How many of the notifications the caller can see they have not read',
        response: { 200: unreadCountSchema, 401: apiErrorSchema },
      },
    },
    async (request) => unreadCount(app.db, request.identity!),
  );

  typed.put(
    '/notifications/read-all',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['profile'],
        summary: 'Mark every notification the caller can see as read (for the caller only)',
        response: { 200: unreadCountSchema, ...errors, 403: apiErrorSchema },
      },
    },
    async (request) => markAllRead(app.db, request.identity!, app.clock()),
  );

  typed.put(
    '/notifications/:id/read',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['profile'],
        summary: 'Mark one notification as read for the caller; again changes nothing',
        params: notificationParamsSchema,
        response: { 200: notificationResponseSchema, ...errors, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await markRead(app.db, request.identity!, request.params.id, app.clock()),
    }),
  );
}
