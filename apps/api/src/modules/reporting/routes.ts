import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import {
  exportRequestSchema,
  exportResponseSchema,
  lastReportsResponseSchema,
  reportParamsSchema,
} from '@lynk/contract/reporting';
import { requireGate, requireIdentity } from '../../plugins/auth.ts';
import { latestExports } from './export-all-service.ts';
import { exportReport, lastReports, reportFile } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The reporting back end (`/api/reporting`): CSV reports, scoped by the caller's merchant. */
export async function reportingRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/v2/transfers/exports/csv',
    {
      preValidation: requireGate(GATES.exportReport),
      schema: {
        tags: ['reporting'],
        summary: "A wallet's tables between two dates as a base64 CSV (at most one month, 100 entries)",
        body: exportRequestSchema,
        response: { 200: exportResponseSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => ({
      result: await exportReport(
        app.db,
        { identity: request.identity!, ip: request.ip, now: app.clock() },
        request.body,
      ),
    }),
  );

  typed.get(
    '/v2/transfers/exports',
    {
      // "Last exports" is open to anyone signed in (spec section 6); each sees only their own.
      preValidation: requireIdentity,
      schema: {
        tags: ['reporting'],
        summary:
          "The caller's last 5 reports, newest first, and their 'Export all' files with their progress",
        response: { 200: lastReportsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await lastReports(app.db, request.identity!);
      // Only when there are some: the answer of someone who never asked for one is the spec's.
      const exports = await latestExports(app.db, request.identity!, app.clock());
      return exports.length > 0 ? { result, exports } : { result };
    },
  );

  typed.get(
    '/v2/transfers/exports/:id/csv',
    {
      preValidation: requireGate(GATES.exportReport),
      schema: {
        tags: ['reporting'],
        summary: "One of the caller's last reports again, as a base64 CSV",
        params: reportParamsSchema,
        response: { 200: exportResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await reportFile(app.db, { identity: request.identity!, ip: request.ip }, request.params.id),
    }),
  );
}
