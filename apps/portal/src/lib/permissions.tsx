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

export function useCan(gate: GateKey): boolean {
  const { permissions, role } = usePermissions();
  return can(permissions, role, gate);
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
