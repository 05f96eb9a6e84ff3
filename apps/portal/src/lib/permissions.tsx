import { can, type GateKey } from '@lynk/contract/permissions';
import type { ReactNode } from 'react';
import { useCurrentSession } from './session';

/**
 * The portal hides what a user cannot use; the server enforces the same gates on every route
 * (hiding is never the protection). Gates are the contract's table (`GATES`), evaluated with the
 * contract's `can()` against the session's permission list and role.
 */

export interface Permissions {
  permissions: readonly string[];
  role: string | null;
  /** True once the session is known (the user is signed in). */
  loaded: boolean;
}

const NONE: readonly string[] = [];

export function usePermissions(): Permissions {
  const session = useCurrentSession();
  return {
    permissions: session?.permissions ?? NONE,
    role: session?.role ?? null,
    loaded: session !== null,
  };
}

/**
 * The one permission hook. `useCan(gate)` answers one gate; `useCan()` returns a checker for lists
 * of gated items (tabs, menu entries, table columns), where a hook cannot be called per item. An
 * item without a gate is always allowed.
 */
export function useCan(gate: GateKey): boolean;
export function useCan(): (gate: GateKey | undefined) => boolean;
export function useCan(gate?: GateKey): boolean | ((gate: GateKey | undefined) => boolean) {
  const { permissions, role } = usePermissions();
  const check = (candidate: GateKey | undefined) =>
    candidate === undefined || can(permissions, role, candidate);
  return gate === undefined ? check : check(gate);
}

/** A predicate for lists of gated items (tabs, menu entries). */
export function useGateCheck(): (gate: GateKey | undefined) => boolean {
  const { permissions, role } = usePermissions();
  return (gate) => gate === undefined || can(permissions, role, gate);
}

export function Can({
  gate,
  children,
  fallback = null,
}: {
  gate: GateKey;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(gate) ? children : fallback;
}
