import type { LightMyRequestResponse } from 'fastify';
import { CookieJar, signIn, type TestApp } from '../test-app.ts';
import type { Caller } from './fuzz-route.ts';

/**
 * Signed in again this often: before the access token (10 minutes) needs a refresh and the second
 * factor (15 minutes) stops counting as recent, so that no refused request in a long run writes a
 * refresh's rows, and step-up routes keep being reached.
 */
const RENEW_AFTER_MS = 8 * 60_000;

/**
 * A signed-in caller through the real sign-in flow (its second factor too), signed in again when
 * the session grows old or an accepted request ended it (`ends` tells which answers do).
 */
function renewingCaller(
  signInAgain: () => Promise<string>,
  ends: (response: LightMyRequestResponse) => boolean = () => false,
): Caller {
  let cookie: string | undefined;
  let signedInAt = 0;
  return {
    async headers() {
      const renewed = cookie === undefined || Date.now() - signedInAt > RENEW_AFTER_MS;
      if (renewed) {
        cookie = await signInAgain();
        signedInAt = Date.now();
      }
      return { headers: { cookie: cookie! }, renewed };
    },
    answered(response, sent) {
      if (sent.cookie === cookie && response.statusCode < 400 && ends(response)) cookie = undefined;
    },
  };
}

/**
 * A staff member of the demo chain, by e-mail (the demo password); given several, each sign-in
 * takes the next, from an address of its own, so that a long run's frequent sign-ins stay within
 * the form's ten a minute per address and e-mail.
 */
export function staffCaller(
  t: TestApp,
  emails: string | string[],
  password: string,
  options: { endsSession?: (response: LightMyRequestResponse) => boolean } = {},
): Caller {
  const queue = [emails].flat();
  let next = 0;
  return renewingCaller(async () => {
    const n = next++;
    const email = queue[n % queue.length]!;
    const flow = await signIn(t.app, email, password, {
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    });
    if (flow.finalLocation !== '/') {
      throw new Error(`${email}'s sign-in ended at ${flow.finalLocation}: ${flow.lastResponse.statusCode}`);
    }
    return flow.jar.header();
  }, options.endsSession);
}

/**
 * A wallet user signed in on the pay page; given several, each sign-in takes the next. Each
 * signs in from an address of their own, as customers on their own phones do: the form's limit of
 * ten a minute per address and email is not what a long run of sign-outs should measure.
 */
export function customerCaller(
  t: TestApp,
  credentials: { email: string; password: string }[],
  options: { endsSession?: (response: LightMyRequestResponse) => boolean } = {},
): Caller {
  let next = 0;
  return renewingCaller(async () => {
    const n = next++;
    const person = credentials[n % credentials.length]!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/consumer-auth/sign-in',
      headers: { 'x-lynk-csrf': '1' },
      payload: person,
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    });
    if (response.statusCode !== 200) {
      throw new Error(`${person.email}'s sign-in answered ${response.statusCode}`);
    }
    const jar = new CookieJar();
    jar.store(response);
    return jar.header();
  }, options.endsSession);
}
