import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  BATCH_UPLOAD_BODY_LIMIT,
  createBatchResponseSchema,
  createBatchSchema,
} from '@lynk/contract/batches';
import { apiErrorSchema } from '@lynk/contract/errors';
import { MESSAGES } from '@lynk/contract/messages';
import { GATES } from '@lynk/contract/permissions';
import { AppError } from '../../lib/app-error.ts';
import { idempotencyClaim, sendEngineAnswer } from '../ledger/index.ts';
import { requireGate } from '../../plugins/auth.ts';
import { createBatch, type BatchCaller, type BatchUpload } from './service.ts';
import { DecodedFile, readUploadBody, type UploadBody } from './upload-body.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * `POST /batch-payments`, in a context of its own: its JSON is read as a stream by
 * upload-body.ts (the file decoded on the way) rather than by Fastify's parser, and the
 * contract's schema checks every member but the file, which the service checks with the spec's
 * texts. The documentation shows the contract's body as it is.
 */
export async function batchUploadRoute(
  app: FastifyInstance,
  opts: { caller: (request: FastifyRequest) => BatchCaller },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: IncomingMessage) => {
    if (Number(request.headers['content-length'] ?? 0) > BATCH_UPLOAD_BODY_LIMIT) {
      throw new AppError('BATCH_FILE_SIZE', 413, MESSAGES.batch.fileTooLarge);
    }
    return readUploadBody(payload, BATCH_UPLOAD_BODY_LIMIT);
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/batch-payments',
    {
      // Before the body is read: its parser runs between onRequest and preValidation, and a
      // caller without access must not make the server read and decode ~27 MB (issue 31, finding 3).
      onRequest: requireGate(GATES.createPayments),
      errorHandler: (error: FastifyError, request, reply) => {
        // Refused before the body was read (the gate, a Content-Length over the limit): the
        // connection is closed rather than kept to read the rest of the upload and throw it away.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        // A body over the limit is a file over 20 MB: the refusal carries the spec's text.
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new AppError('BATCH_FILE_SIZE', 413, MESSAGES.batch.fileTooLarge);
        }
        throw error;
      },
      validatorCompiler: uploadValidatorCompiler as never,
      schema: {
        tags: ['payment'],
        summary: 'Upload a batch payment file (CSV of lynk_id,amount[,name]; Idempotency-Key required)',
        headers: z.object({ 'idempotency-key': z.optional(z.string()) }),
        body: createBatchSchema,
        response: { 201: createBatchResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const claim = idempotencyClaim(request, { now: app.clock() });
      const upload = request.body as unknown as BatchUpload;
      await sendEngineAnswer(reply, await createBatch(app.db, opts.caller(request), upload, claim));
    },
  );
}

/**
 * The contract's body schema, checked on the members that were read (the file stands in as an
 * empty string, so anything but a string in `csv` is refused as the schema words it). Headers are
 * checked as on every route.
 */
const uploadValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const check = validatorCompiler(route);
  if (route.httpPart !== 'body') return check;
  return (body: unknown) => {
    // No body at all (no Content-Type: the stream reader never ran): the schema words the refusal.
    if (body === null || body === undefined) return check(body);
    const { fields, csv } = body as UploadBody;
    const file = csv instanceof DecodedFile ? csv : null;
    const checked = check({ ...fields, csv: file ? '' : csv });
    if (typeof checked !== 'object' || !('value' in checked) || checked.error || !file) return checked;
    const { csv: _placeholder, ...members } = checked.value as z.infer<typeof createBatchSchema>;
    return { value: { ...members, file } satisfies BatchUpload };
  };
};
