import { passesGate, type Gate } from '@lynk/contract/permissions';
import type { SessionIdentity } from '@lynk/contract/session';
import { forbidden } from './app-error.ts';

/**
 * The one permission check of the API (convention 4): the contract's gating table applied to the
 * caller. Routes use it through `requireGate`; a service calls it where the gate depends on the
 * data (another member's record or QR needs the staff menu's permission, one's own does not).
 */
export function assertGate(identity: SessionIdentity, gate: Gate): void {
  if (!passesGate(identity.permissions, identity.role, gate)) throw forbidden();
}
