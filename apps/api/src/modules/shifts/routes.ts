import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { csvFileResponseSchema } from '@lynk/contract/batches';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import {
  closeShiftSchema,
  currentShiftsResponseSchema,
  reopenShiftSchema,
  shiftDetailResponseSchema,
  shiftIdSchema,
  shiftResponseSchema,
  shiftsListSchema,
  shiftsQuerySchema,
} from '@lynk/contract/shifts';
import { requireGate } from '../../plugins/auth.ts';
import { closeShift, currentShifts, getShift, listShifts, reopenShift, shiftCsv } from './service.ts';

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e, 404: e };
const tags = ['payment'];
const shiftParams = z.object({ id: shiftIdSchema });

/** The cashier's cash-up under /api/payment/shifts: a cashier's own shifts, a manager's branch's. */
export async function shiftRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => ({
    identity: request.identity!,
    ip: request.ip,
    now: app.clock(),
  });

  typed.get(
    '/shifts/current',
    {
      preValidation: requireGate(GATES.cashUp),
      schema: {
        tags,
        summary: "The open shift's running totals: the caller's own, or every cashier's (a manager)",
        response: { 200: currentShiftsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await currentShifts(app.db, request.identity!, app.clock()) }),
  );

  typed.get(
    '/shifts',
    {
      preValidation: requireGate(GATES.cashUp),
      schema: {
        tags,
        summary: 'Closed shifts, newest first (a manager may filter by cashier)',
        querystring: shiftsQuerySchema,
        response: { 200: shiftsListSchema, ...errors },
      },
    },
    async (request) => listShifts(app.db, request.identity!, request.query),
  );

  typed.get(
    '/shifts/:id',
    {
      preValidation: requireGate(GATES.cashUp),
      schema: {
        tags,
        summary: 'One closed shift with the payments and refunds it counted',
        params: shiftParams,
        response: { 200: shiftDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getShift(app.db, request.identity!, request.params.id) }),
  );

  typed.get(
    '/shifts/:id/csv',
    {
      preValidation: requireGate(GATES.cashUp),
      schema: {
        tags,
        summary: 'One closed shift as a base64 CSV file',
        params: shiftParams,
        response: { 200: csvFileResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await shiftCsv(app.db, caller(request), request.params.id) }),
  );

  typed.post(
    '/shifts/close',
    {
      preValidation: requireGate(GATES.cashUp),
      schema: {
        tags,
        summary: 'Close the open shift that started at started_at (the caller’s own, or a cashier’s)',
        body: closeShiftSchema,
        response: { 201: shiftDetailResponseSchema, ...errors, 409: e },
      },
    },
    async (request, reply) => {
      const data = await closeShift(app.db, caller(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  typed.post(
    '/shifts/:id/reopen',
    {
      preValidation: requireGate(GATES.cashUpManage),
      schema: {
        tags,
        summary: 'A manager reopens a disputed shift, with a reason (audited)',
        params: shiftParams,
        body: reopenShiftSchema,
        response: { 200: shiftResponseSchema, ...errors, 409: e },
      },
    },
    async (request) => ({
      data: await reopenShift(app.db, caller(request), request.params.id, request.body.reason),
    }),
  );
}
