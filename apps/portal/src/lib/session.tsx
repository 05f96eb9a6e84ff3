import type { SessionIdentity } from '@lynk/contract/session';
import { createContext, use, type ReactNode } from 'react';

/**
 * The signed-in user's identity, provided by the auth guard once `/api/session` answered. Every
 * gate in the portal derives from it; `null` means nobody is signed in (or it is not loaded yet).
 */
const SessionContext = createContext<SessionIdentity | null>(null);

export function SessionProvider({
  session,
  children,
}: {
  session: SessionIdentity | null;
  children: ReactNode;
}) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useCurrentSession(): SessionIdentity | null {
  return use(SessionContext);
}

/** For components that only render inside the auth guard. */
export function useRequiredSession(): SessionIdentity {
  const session = use(SessionContext);
  if (!session) throw new Error('useRequiredSession must be used inside the auth guard');
  return session;
}
