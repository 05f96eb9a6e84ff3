import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useOrganisation } from '@/lib/organisation';

/** The JAM-DEX wallet exists only with a CBDC account; without one its pages redirect to "/". */
export function CbdcGate({ children }: { children: ReactNode }) {
  const { hasCbdc } = useOrganisation();
  return hasCbdc ? children : <Navigate to="/" replace />;
}
