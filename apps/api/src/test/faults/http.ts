import { randomUUID } from 'node:crypto';
import { totpCode } from '../../modules/identity/totp.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { DEMO_TOTP_SECRET } from '../../world/demo-two-factor.ts';

/**
 * The portal's and the pay page's calls over real HTTP, as a browser makes them: a cookie jar, the
 * CSRF header, an Idempotency-Key on every money-moving POST.
 */

export interface Answer {
  status: number;
  body: unknown;
  /** The server said it replayed a stored answer (`Idempotent-Replayed`). */
  replayed: boolean;
}

/** A request a client may send again as it was (same key, same body) when it heard no answer. */
export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  key?: string;
}

/** Longer than any request of a fault run takes on a busy machine. */
const ANSWER_WITHIN_MS = 60_000;

export const newKey = () => `fault-${randomUUID()}`;

/** No answer came: the server died under the request, which may or may not have taken effect. */
export class Unanswered extends Error {}

export class Browser {
  private readonly jar = new Map<string, string>();
  private signedInAt = 0;

  readonly baseUrl: string;
  private readonly email: string;

  constructor(baseUrl: string, email: string) {
    this.baseUrl = baseUrl;
    this.email = email;
  }

  /**
   * `fetch`, with no answer (the server died under it) thrown as `Unanswered`; so is an answer
   * that takes a minute, so that a server that hangs is named by the request it hung on.
   */
  private async fetch(url: string | URL, init: RequestInit = {}) {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS), ...init });
    } catch (error) {
      throw new Unanswered(`${init.method ?? 'GET'} ${String(url)}: ${String(error)}`);
    }
  }

  private cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) this.jar.delete(pair!.slice(0, at));
      else this.jar.set(pair!.slice(0, at), value);
    }
  }

  private async follow(first: Response) {
    let response = first;
    for (let hops = 0; hops < 12 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get('location')!, this.baseUrl);
      response = await this.fetch(next, { redirect: 'manual', headers: { cookie: this.cookie() } });
      this.keep(response);
    }
    return response;
  }

  private async submit(page: Response, fields: Record<string, string>) {
    const html = await page.text().catch((error: unknown) => {
      throw new Unanswered(`A sign-in page: ${String(error)}`);
    });
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No form on the way to signing ${this.email} in`);
    const posted = await this.fetch(new URL(action.replaceAll('&amp;', '&'), this.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: this.cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    this.keep(posted);
    return this.follow(posted);
  }

  /**
   * The staff member's real sign-in (authorization request, password form, the demo admins'
   * authenticator code when asked, the callback), once more when the last is over ten minutes
   * old: money leaving a wallet needs a sign-in of the last fifteen (step-up).
   */
  async signIn() {
    if (Date.now() - this.signedInAt < 10 * 60_000) return;
    this.jar.clear();
    const first = await this.fetch(`${this.baseUrl}/auth/login?returnTo=/`, { redirect: 'manual' });
    this.keep(first);
    const afterPassword = await this.submit(await this.follow(first), {
      email: this.email,
      password: DEMO_PASSWORD,
    });
    if (afterPassword.status === 200 && (await afterPassword.clone().text()).includes('second-factor')) {
      await this.submit(afterPassword, { code: totpCode(DEMO_TOTP_SECRET, new Date()) });
    }
    // A code the server took before it died cannot be given again: the next 30-second step's can.
    if (!this.jar.has('lynk_session')) throw new Unanswered(`Signing ${this.email} in gave no session`);
    this.signedInAt = Date.now();
  }

  /** A customer of Lynk signs in on the pay page. */
  async signInCustomer() {
    const answer = await this.send({
      method: 'POST',
      path: '/api/consumer-auth/sign-in',
      body: { email: this.email, password: DEMO_PASSWORD },
    });
    if (answer.status !== 200) throw new Error(`${this.email} could not sign in: ${answer.status}`);
  }

  /** One request; throws `Unanswered` when no answer came (the server died under it). */
  async send(call: Call): Promise<Answer> {
    const response = await this.fetchAnswer(call);
    const text = await response.text().catch((error: unknown) => {
      throw new Unanswered(`${call.method} ${call.path}: ${String(error)}`);
    });
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  }

  private async fetchAnswer(call: Call) {
    const response = await this.fetch(`${this.baseUrl}${call.path}`, {
      method: call.method,
      headers: {
        cookie: this.cookie(),
        'x-lynk-csrf': '1',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(call.key ? { 'idempotency-key': call.key } : {}),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
    this.keep(response);
    return response;
  }

  /** A page's HTML (the demo's mail viewer). */
  async page(path: string): Promise<string> {
    const response = await this.fetch(`${this.baseUrl}${path}`);
    return response.text().catch((error: unknown) => {
      throw new Unanswered(`GET ${path}: ${String(error)}`);
    });
  }

  /** `send`, and an error unless it answered `status`: the answer's `data`. */
  async expect<T>(status: number, call: Call): Promise<T> {
    const answer = await this.send(call);
    if (answer.status !== status) {
      throw new Error(
        `${call.method} ${call.path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    }
    return (answer.body as { data: T }).data;
  }
}
