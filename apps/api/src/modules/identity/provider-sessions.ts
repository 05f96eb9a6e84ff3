import type Provider from 'oidc-provider';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@lynk/contract/session';

const IDLE_SECONDS = SESSION_IDLE_MINUTES * 60;
const ABSOLUTE_SECONDS = SESSION_ABSOLUTE_HOURS * 60 * 60;

/**
 * The provider's session lives as long as the portal's: an idle period at a time (renewed while
 * the portal is used, see `keepAlive`), never beyond the absolute lifetime after signing in. The
 * sign-in time is the app's clock's (our interactions write it), so `nowSeconds` is too.
 */
export function providerSessionTtl(session: { loginTs?: number | undefined }, nowSeconds: number) {
  if (!session.loginTs) return IDLE_SECONDS;
  const left = Math.floor(session.loginTs + ABSOLUTE_SECONDS - nowSeconds);
  return Math.max(1, Math.min(IDLE_SECONDS, left));
}

/**
 * The embedded provider's session behind a portal session, found from the portal session's
 * refresh token (the provider records which session issued it).
 */
export function createProviderSessions(provider: Provider, now: () => Date) {
  async function sessionOf(refreshToken: string) {
    const token = await provider.RefreshToken.find(refreshToken);
    return token?.sessionUid ? provider.Session.findByUid(token.sessionUid) : undefined;
  }

  return {
    async keepAlive(refreshToken: string) {
      const session = await sessionOf(refreshToken);
      if (session) await session.save(providerSessionTtl(session, now().getTime() / 1000));
    },
    async end(refreshToken: string) {
      const session = await sessionOf(refreshToken);
      if (session) await session.destroy();
    },
  };
}
