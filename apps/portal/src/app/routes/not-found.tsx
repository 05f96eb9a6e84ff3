import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { NotFoundPage } from '@/components/not-found-page';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { loginUrl } from '@/features/auth/api/login-url';
import { useHardNavigate } from '@/lib/hard-navigate';
import { APP_TEXTS } from '../texts';
import { recordAuthAttempt } from '../guards/auth-attempts';

/**
 * Any path the portal does not know. It does not force a sign-in: it only asks whether a session
 * exists, to offer the way back to the dashboard (signed in) or to the login.
 */
export function NotFoundRoute() {
  const session = useQuery(sessionQueryOptions());
  const navigate = useNavigate();
  const hardNavigate = useHardNavigate();
  const { pathname } = useLocation();

  if (session.isPending) return <CenteredLoader fullPage label={APP_TEXTS.loading} />;
  const signedIn = session.data !== undefined && !session.isError;

  return (
    <NotFoundPage
      key={pathname}
      signedIn={signedIn}
      onGoBack={() => {
        if (signedIn) {
          navigate('/');
          return;
        }
        recordAuthAttempt('login', null);
        hardNavigate(loginUrl({ returnTo: '/' }));
      }}
    />
  );
}
