import { GATES, passesGate, type Gate, type GateKey } from '@lynk/contract/permissions';
import type { RouteAccess } from '@lynk/contract/route-access';
import { STEP_UP_REQUIRED } from '@lynk/contract/step-up';
import type { Actor } from './actors.ts';

/**
 * What a call should answer, worked out from the route's one entry in the access table and the
 * actor's own permissions and role (passesGate), never from a list of expected statuses.
 */
export type Expected =
  | { outcome: 'refused'; status: 401 | 403 | 404; code?: string }
  /** Past every check of who may call: a 2xx, or the route's own answer to the request (409, 422…). */
  | { outcome: 'allowed' };

/** Which object a call names, from whose point of view. */
export interface Target {
  /** The object is of the actor's own merchant (false: another branch's or merchant's). */
  ownTenant: boolean;
  /** A record of one person (a staff member, a report): whose it is. */
  ownerId?: number;
  /** The object is read through this gate (a notification, through what it tells). */
  readGate?: GateKey;
  /** What the body asks for needs this gate too (a notification code's switch, through what it tells). */
  bodyNeeds?: GateKey;
  /** The request takes money out of a wallet (a step-up route's `money-leaving`). */
  moneyLeaves?: boolean;
}

function gateOf(caller: GateKey | Gate): Gate {
  return typeof caller === 'string' ? GATES[caller] : caller;
}

function passes(actor: Actor, gate: Gate): boolean {
  return passesGate(actor.identity!.permissions, actor.identity!.role, gate);
}

export function expectedAnswer(access: RouteAccess, actor: Actor, target: Target): Expected {
  const { caller } = access;
  if (caller === 'public') return { outcome: 'allowed' };
  if (caller === 'customer') {
    return actor.kind === 'customer' ? { outcome: 'allowed' } : { outcome: 'refused', status: 401 };
  }
  // Staff routes: the customer's cookie is no staff session.
  if (actor.kind !== 'staff') return { outcome: 'refused', status: 401 };
  if (caller !== 'signed-in' && !passes(actor, gateOf(caller))) return { outcome: 'refused', status: 403 };
  const stepsUp = access.stepUp === 'always' || (access.stepUp === 'money-leaving' && target.moneyLeaves);
  if (stepsUp && !actor.recentlyAuthenticated) {
    return { outcome: 'refused', status: 403, code: STEP_UP_REQUIRED };
  }
  const self = target.ownerId !== undefined && target.ownerId === Number(actor.identity!.id);
  const othersRefused =
    access.othersNeed !== undefined &&
    target.ownerId !== undefined &&
    !self &&
    !passes(actor, GATES[access.othersNeed]);
  if (othersRefused && !access.tenantBeforeOthers) return { outcome: 'refused', status: 403 };
  if (!target.ownTenant) return { outcome: 'refused', status: access.otherTenant ?? 404 };
  if (othersRefused) return { outcome: 'refused', status: 403 };
  // A caller's own record (a report) is nobody else's: another's looks like one that does not exist.
  if (access.tenancy === 'caller' && target.ownerId !== undefined && !self) {
    return { outcome: 'refused', status: 404 };
  }
  if (target.readGate && !passes(actor, GATES[target.readGate])) return { outcome: 'refused', status: 404 };
  if (target.bodyNeeds && !passes(actor, GATES[target.bodyNeeds])) return { outcome: 'refused', status: 403 };
  return { outcome: 'allowed' };
}
