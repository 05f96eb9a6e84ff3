import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogExportQuerySchema, auditLogListSchema, auditLogQuerySchema } from '@lynk/contract/audit';
import { csvFileResponseSchema } from '@lynk/contract/batches';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import { requireGate } from '../../plugins/auth.ts';
import { exportAuditLog, listAuditLog } from './service.ts';

const e = apiErrorSchema;
const tags = ['audit'];

/** The audit log (ADR 043): admins read their organisation's, never another's. */
export async function auditRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/audit-log',
    {
      preValidation: requireGate(GATES.auditLog),
      schema: {
        tags,
        summary: "Who did what in the caller's organisation (and its branches), newest first by default",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogListSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request) => listAuditLog(app.db, request.identity!, request.query),
  );

  typed.get(
    '/audit-log/export.csv',
    {
      preValidation: requireGate(GATES.auditLog),
      schema: {
        tags,
        summary: 'The audit log rows the filters match, as a base64 CSV file (at most 10,000)',
        querystring: auditLogExportQuerySchema,
        response: { 200: csvFileResponseSchema, 400: e, 401: e, 403: e, 422: e },
      },
    },
    async (request) => ({
      data: await exportAuditLog(
        app.db,
        { identity: request.identity!, ip: request.ip, now: app.clock() },
        request.query,
      ),
    }),
  );
}
