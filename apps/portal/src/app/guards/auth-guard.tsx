import { Center } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorState } from '@/components/error-state';
import { NotFoundPage } from '@/components/not-found-page';
import { loginUrl } from '@/features/auth/api/login-url';
import { useSession } from '@/features/auth/api/get-session';
import { isUnauthorized } from '@/lib/api-client';
import { useHardNavigate } from '@/lib/hard-navigate';
import { organizationFromLocation } from '@/lib/location-org';
import { SessionProvider } from '@/lib/session';
import { APP_TEXTS } from '../texts';
import { clearAuthAttempt, isRecentAttempt, recordAuthAttempt, type AuthAttemptKind } from './auth-attempts';

/**
 * Protects every page of the portal. It reads `/api/session`; without a session it sends the
 * browser to sign in, coming back to the same page. When the URL names another organisation than
 * the session's, it re-authorizes for that organisation (the identity provider answers silently).
 * A trip that comes straight back unchanged (refused) shows the not-found page instead of looping.
 */
export function AuthGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const hardNavigate = useHardNavigate();
  const session = useSession();

  const pathOrg = organizationFromLocation(location.pathname, location.search);
  const returnTo = `${location.pathname}${location.search}`;
  const unauthorized = session.isError && isUnauthorized(session.error);
  const sessionOrg = unauthorized ? null : (session.data?.org_id ?? null);
  const mismatch = sessionOrg !== null && pathOrg !== null && sessionOrg !== pathOrg;
  const trip: AuthAttemptKind | null = unauthorized ? 'login' : mismatch ? 'reauth' : null;

  // Read once per situation: recording the trip that is about to start must not turn this
  // render into "refused"; a fresh page load after the trip reads the record anew.
  const refused = useMemo(() => trip !== null && isRecentAttempt(trip, pathOrg), [trip, pathOrg]);
  const destination = trip !== null && !refused ? loginUrl({ org: pathOrg, returnTo }) : null;

  const sentTo = useRef<string | null>(null);
  useEffect(() => {
    if (destination === null || trip === null || sentTo.current === destination) return;
    sentTo.current = destination;
    recordAuthAttempt(trip, pathOrg);
    hardNavigate(destination);
  }, [destination, trip, pathOrg, hardNavigate]);

  const settled = session.data !== undefined && trip === null;
  useEffect(() => {
    if (settled) clearAuthAttempt();
  }, [settled]);

  if (session.isPending) return <CenteredLoader fullPage label={APP_TEXTS.loading} />;

  if (trip !== null) {
    if (!refused) return <CenteredLoader fullPage label={APP_TEXTS.redirecting} />;
    if (trip === 'reauth') return <NotFoundPage signedIn onGoBack={() => navigate('/')} />;
    return (
      <NotFoundPage
        signedIn={false}
        onGoBack={() => {
          recordAuthAttempt('login', pathOrg);
          hardNavigate(loginUrl({ org: pathOrg, returnTo }));
        }}
      />
    );
  }

  if (session.data === undefined) {
    return (
      <Center component="main" mih="100dvh" p="xl">
        <ErrorState message={APP_TEXTS.sessionUnavailable} onRetry={() => void session.refetch()} />
      </Center>
    );
  }

  return (
    <SessionProvider session={session.data}>
      <Outlet />
    </SessionProvider>
  );
}
