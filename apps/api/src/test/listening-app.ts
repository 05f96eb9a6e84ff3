import { totpCode } from '../modules/identity/totp.ts';
import { DEMO_TOTP_SECRET } from '../world/demo-two-factor.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { freePort } from './free-port.ts';

export interface ListeningApp extends TestApp {
  /** The origin the app listens on, also its PUBLIC_URL. */
  origin: string;
}

/**
 * A full app on a real TCP socket: requests go through Node's HTTP parser and the router exactly
 * as a browser's would, raw bytes and all (no `inject` shortcuts).
 */
export async function createListeningApp(
  options: Omit<Parameters<typeof createTestApp>[0] & object, 'publicUrl'> = {},
): Promise<ListeningApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...options, publicUrl: origin });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, origin };
}

/** A minimal browser: a cookie jar and redirects followed by hand, so every hop can be seen. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  private readonly origin: string;
  private readonly headers: Record<string, string>;

  constructor(origin: string, headers: Record<string, string> = {}) {
    this.origin = origin;
    this.headers = headers;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.origin), {
      ...init,
      redirect: 'manual',
      headers: { ...this.headers, ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  /** Follows same-site redirects from `path`; returns the last response and the path it came from. */
  async follow(
    path: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; path: string; hops: string[] }> {
    let response = await this.request(path, init);
    const hops = [path];
    while (response.status >= 300 && response.status < 400 && hops.length < 15) {
      const next = new URL(response.headers.get('location')!, this.origin);
      path = next.pathname + next.search;
      hops.push(path);
      response = await this.request(path);
    }
    return { response, path, hops };
  }

  /** Opens `/auth/login?…` and submits the provider's sign-in form. */
  async signIn(email: string, password: string, query = 'returnTo=%2F') {
    const page = await this.follow(`/auth/login?${query}`);
    const html = await page.response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No sign-in form at ${page.path}`);
    const posted = await this.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    return { posted, action };
  }

  /** Signs in and follows the redirects back into the portal; returns where they ended. */
  async signInFully(email: string, password: string, query = 'returnTo=%2F') {
    const { posted } = await this.signIn(email, password, query);
    const location = posted.headers.get('location');
    if (!location) throw new Error(`Sign-in refused with ${posted.status}`);
    const landed = await this.follow(location);
    const html = landed.path.startsWith('/oidc/interaction/') ? await landed.response.clone().text() : '';
    const action = /action="([^"]+\/second-factor)"/.exec(html)?.[1];
    if (!action) return landed;
    // The demo admins' authenticator (ADR 030); one sign-in per user and step in these tests.
    const code = await this.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: totpCode(DEMO_TOTP_SECRET, new Date()) }).toString(),
    });
    return this.follow(code.headers.get('location') ?? action);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
