import { createContext, use, type ReactNode } from 'react';

/**
 * Full-page navigation (leaving the single-page app), used for sign-in, organisation switches and
 * logout, which go through the server and the identity provider. Injected through context so
 * tests can observe it instead of navigating jsdom.
 */
export type HardNavigate = (url: string) => void;

const assignLocation: HardNavigate = (url) => window.location.assign(url);

const HardNavigateContext = createContext<HardNavigate>(assignLocation);

export function HardNavigateProvider({
  navigate,
  children,
}: {
  navigate?: HardNavigate;
  children: ReactNode;
}) {
  return <HardNavigateContext value={navigate ?? assignLocation}>{children}</HardNavigateContext>;
}

export function useHardNavigate(): HardNavigate {
  return use(HardNavigateContext);
}
