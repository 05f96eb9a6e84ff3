import { can, type GateKey } from '@lynk/contract/permissions';
import type { ReactNode } from 'react';
import { useCurrentSession } from './session';

/**
 * The portal hides what a user cannot use; the server enforces the same gates on every route
 * (hiding is never the protection). Gates are the contract's table (`GATES`), evaluated with the
 * contract's `can()` against the session's permission list and role. `useCan` and `<Can>` are the
 * one way to ask.
 */

const NONE: readonly string[] = [];

function useGateChecker(): (gate: GateKey | undefined) => boolean {
  const session = useCurrentSession();
  const permissions = session?.permissions ?? NONE;
  const role = session?.role ?? null;
  return (gate) => gate === undefined || can(permissions, role, gate);
}

/**
 * The one permission hook. `useCan(gate)` answers one gate; `useCan()` returns a checker for lists
 * of gated items (tabs, menu entries, table columns), where a hook cannot be called per item. An
 * item without a gate is always allowed.
 */
export function useCan(gate: GateKey): boolean;
export function useCan(): (gate: GateKey | undefined) => boolean;
export function useCan(gate?: GateKey): boolean | ((gate: GateKey | undefined) => boolean) {
  const check = useGateChecker();
  return gate === undefined ? check : check(gate);
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
