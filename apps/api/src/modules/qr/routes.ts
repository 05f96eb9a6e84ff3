import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import {
  QR_PNG_CONTENT_TYPE,
  qrCodeResponseSchema,
  qrWalletQuerySchema,
  staffQrParamsSchema,
} from '@lynk/contract/qr';
import { requireGate } from '../../plugins/auth.ts';
import { qrCodes, qrPng, staffQrPayload, walletQrPayload } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** The body is the PNG's bytes, not JSON; the schema only documents it. */
const png = z.any().check(z.describe('A PNG image (image/png)'));

async function sendPng(reply: FastifyReply, payload: string) {
  // A QR names the merchant (and a cashier): it stays out of shared caches.
  return reply
    .type(QR_PNG_CONTENT_TYPE)
    .header('cache-control', 'private, no-cache')
    .send(await qrPng(payload));
}

/** QR codes of the profile back end (`/api/profile`), each needing QR download (spec section 6). */
export async function qrRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/qr-code',
    {
      preValidation: requireGate(GATES.qrDownload),
      schema: {
        tags: ['profile'],
        summary: "What the merchant's wallet QR codes encode (the links the portal copies)",
        response: { 200: qrCodeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await qrCodes(app.db, request.identity!) }),
  );

  typed.get(
    '/v2/qr-code',
    {
      preValidation: requireGate(GATES.qrDownload),
      schema: {
        tags: ['profile'],
        summary: "The merchant's wallet QR as a PNG (wallet=jam-dex for the JAM-DEX wallet's)",
        querystring: qrWalletQuerySchema,
        response: { 200: png, ...errors },
      },
    },
    async (request, reply) =>
      sendPng(reply, await walletQrPayload(app.db, request.identity!.merchant_id, request.query.wallet)),
  );

  typed.get(
    '/v2/qr-code/:displayName/:authId',
    {
      preValidation: requireGate(GATES.qrDownload),
      schema: {
        tags: ['profile'],
        summary: "A staff member's own QR as a PNG, with their display name where their membership shows it",
        params: staffQrParamsSchema,
        response: { 200: png, ...errors },
      },
    },
    async (request, reply) =>
      sendPng(reply, await staffQrPayload(app.db, request.identity!, request.params.authId)),
  );
}
