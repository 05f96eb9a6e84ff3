import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CompiledQuery } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import {
  backgroundExportParamsSchema,
  backgroundExportRequestSchema,
  backgroundExportResponseSchema,
} from '@lynk/contract/reporting';
import { requireIdentity } from '../../plugins/auth.ts';
import { withRequestId } from '../../lib/job-log.ts';
import { EXPORT_ALL_JOB, type ExportAllJob } from './export-all-job.ts';
import { exportFile, startExport, type EnqueueExport } from './export-all-service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * "Export all" (`/api/reporting/v2/exports/all`): a listing's rows over any range, written by a
 * background job. Each listing's own gate is checked by the service (it depends on the listing).
 */
export async function exportAllRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { boss } = app;
  // The job is sent through the transaction that records the export: both or neither.
  const enqueue = (requestId: string): EnqueueExport | null =>
    boss
      ? async (trx, exportId) => {
          await boss.send(EXPORT_ALL_JOB, withRequestId<ExportAllJob>({ exportId }, requestId), {
            db: {
              executeSql: async (text: string, values?: unknown[]) => {
                const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
                return { rows: result.rows as unknown[] };
              },
            },
          });
        }
      : null;

  typed.post(
    '/v2/exports/all',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['reporting'],
        summary: "Starts writing one listing's rows over any range as a CSV file, in the background",
        body: backgroundExportRequestSchema,
        response: { 202: backgroundExportResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await startExport(
        app.db,
        { identity: request.identity!, ip: request.ip, now: app.clock() },
        request.body,
        enqueue(request.id),
      );
      return reply.code(202).send({ result });
    },
  );

  typed.get(
    '/v2/exports/all/:id/csv',
    {
      preValidation: requireIdentity,
      // The file is stored gzipped: sent as it is to a client that takes gzip, inflated otherwise.
      compress: false,
      schema: {
        tags: ['reporting'],
        summary: "One of the caller's ready 'Export all' files, as CSV",
        params: backgroundExportParamsSchema,
        // The file is a stream of CSV text, sent as it is: the schema documents only the refusals.
        response: { ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await exportFile(
        app.db,
        { identity: request.identity!, ip: request.ip, now: app.clock() },
        request.params.id,
      );
      const gzipped = Readable.from(file.chunks);
      const takesGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding');
      if (takesGzip) {
        reply.header('content-encoding', 'gzip');
        return reply.send(gzipped as never);
      }
      return reply.send(gzipped.pipe(createGunzip()) as never);
    },
  );
}
