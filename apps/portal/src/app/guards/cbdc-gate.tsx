import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useOrganization } from '@/lib/organization';

/** The JAM-DEX wallet exists only with a CBDC account; without one its pages redirect to "/". */
export function CbdcGate({ children }: { children: ReactNode }) {
  const { hasCbdc } = useOrganization();
  return hasCbdc ? children : <Navigate to="/" replace />;
}
