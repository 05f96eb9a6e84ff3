import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import {
  createStaffSchema,
  rolesResponseSchema,
  staffDeletedSchema,
  staffListQuerySchema,
  staffListSchema,
  staffMemberSchema,
  staffParamsSchema,
  updateStaffSchema,
} from '@lynk/contract/staff';
import { requireGate, requireIdentity } from '../../plugins/auth.ts';
import { requireRecentSecondFactor } from '../../plugins/step-up.ts';
import { staffMailQueue } from './jobs.ts';
import {
  createStaffMember,
  deleteStaffMember,
  getStaffMember,
  listStaffMembers,
  rolesList,
  updateStaffMember,
  type StaffEffects,
} from './service.ts';

export interface StaffRoutesOptions {
  /** Ends every session of a user (the session service's `endUserSessions`). */
  endSessions: StaffEffects['endSessions'];
}

const e = apiErrorSchema;
const tags = ['profile'];

/**
 * Staff and roles of the profile back end (spec section 7), scoped by the caller's merchant:
 * another merchant's staff member answers 404. Rules in service.ts; ADR 028.
 */
export async function staffRoutes(app: FastifyInstance, opts: StaffRoutesOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Every route below has checked the identity in preValidation.
  const caller = (request: FastifyRequest) => ({ identity: request.identity!, ip: request.ip });

  typed.get(
    '/v2/roles',
    {
      preValidation: requireGate(GATES.staffMenu),
      schema: {
        tags,
        summary: 'The roles a staff member can be given',
        response: { 200: rolesResponseSchema, 401: e, 403: e },
      },
    },
    async () => rolesList(app.db),
  );

  typed.get(
    '/v3/staff',
    {
      preValidation: requireGate(GATES.staffMenu),
      schema: {
        tags,
        summary: "The caller's merchant's staff, in the order they joined",
        querystring: staffListQuerySchema,
        response: { 200: staffListSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request) => listStaffMembers(app.db, request.identity!, request.query),
  );

  typed.get(
    '/v3/staff/:id',
    {
      preValidation: requireIdentity,
      schema: {
        tags,
        summary: "One staff member of the caller's merchant (anyone may read their own record)",
        params: staffParamsSchema,
        response: { 200: staffMemberSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => getStaffMember(app.db, request.identity!, request.params.id),
  );

  typed.post(
    '/v3/staff',
    {
      preValidation: [requireGate(GATES.addUser), requireRecentSecondFactor],
      schema: {
        tags,
        summary: 'Registers a staff member and emails them an activation link',
        body: createStaffSchema,
        response: { 201: staffMemberSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => {
      const member = await createStaffMember(app.db, caller(request), request.body, {
        enqueueMail: staffMailQueue(app.boss, request.id),
      });
      return reply.status(201).send(member);
    },
  );

  typed.patch(
    '/v3/staff/:id',
    {
      preValidation: [requireGate({ allOf: ['update:staff'] }), requireRecentSecondFactor],
      schema: {
        tags,
        summary: "Changes a staff member's display name, role, QR setting or status",
        params: staffParamsSchema,
        body: updateStaffSchema,
        response: { 200: staffMemberSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) =>
      updateStaffMember(app.db, caller(request), request.params.id, request.body, {
        endSessions: opts.endSessions,
      }),
  );

  typed.delete(
    '/v3/staff/:id',
    {
      preValidation: [requireGate({ allOf: ['delete:staff'] }), requireRecentSecondFactor],
      schema: {
        tags,
        summary: "Removes a staff member from the caller's merchant and ends their sessions",
        params: staffParamsSchema,
        response: { 200: staffDeletedSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) =>
      deleteStaffMember(app.db, caller(request), request.params.id, { endSessions: opts.endSessions }),
  );
}
