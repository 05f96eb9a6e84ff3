import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EARLY_CLICKS_SCRIPT } from './early-clicks.ts';

/** What the portal's server build exports (apps/portal/src/entry-server.tsx, ADR 038). */
export interface FirstScreenRenderer {
  FIRST_SCREEN_ID: string;
  /**
   * The calls the page's first screen makes; none for a page not rendered here. A signed-in page
   * is rendered only for a caller with a staff session cookie, the customer's pay page for anyone.
   */
  firstScreenRequests(
    url: URL,
    caller: { staffSession: boolean },
  ): Array<{ path: string; headers: Record<string, string> }>;
  /** The page's markup, and what to send with it for the browser (JSON in FIRST_SCREEN_ID). */
  renderFirstScreen(
    url: URL,
    answers: Record<string, unknown>,
    headers: Record<string, string | string[] | undefined>,
    signal: AbortSignal,
  ): Promise<{ html: string; state: unknown } | null>;
}

export interface PortalPagesOptions {
  /** The portal's index.html, as the build wrote it. */
  indexHtml: string;
  /** Called when the first page is asked for, not at start (a start waits for nothing it does). */
  loadRenderer: () => Promise<FirstScreenRenderer | null>;
  publicUrl: string;
  sessionCookieName: string;
  /** Past this, the page goes out as the browser renders it alone. */
  renderTimeoutMs?: number;
  /** Renders at once; a page asked for beyond them goes out as the browser renders it alone. */
  maxConcurrentRenders?: number;
}

/** The portal's server build, when it was built (`npm run build`). */
export async function loadFirstScreenRenderer(file: string): Promise<FirstScreenRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as FirstScreenRenderer;
}

const ROOT_OPEN = '<div id="root">';

/**
 * index.html around the end of its head (where a rendered page adds what holds its first paint),
 * around the root element's content (the loader painted until a script runs) and around the end
 * of the body (where the page's answers go).
 */
function splitIndexHtml(indexHtml: string) {
  const headEnd = indexHtml.indexOf('</head>');
  const start = indexHtml.indexOf(ROOT_OPEN);
  const bodyEnd = indexHtml.lastIndexOf('</body>');
  const rootEnd = indexHtml.lastIndexOf('</div>', bodyEnd);
  if (headEnd === -1 || start < headEnd || bodyEnd === -1 || rootEnd < start) {
    throw new Error(`The portal's index.html has no </head>, then ${ROOT_OPEN}…</div> before </body>`);
  }
  return {
    head: indexHtml.slice(0, headEnd),
    bodyStart: indexHtml.slice(headEnd, start + ROOT_OPEN.length),
    afterRoot: indexHtml.slice(rootEnd, bodyEnd),
    bodyEnd: indexHtml.slice(bodyEnd),
  };
}

/**
 * What a rendered page's head gets. The expect link holds the page's first paint until the
 * element after its first screen is parsed: left alone, Chromium paints a long page whenever its
 * parser pauses, and a half-parsed first screen then moves as the rest arrives (a right-aligned
 * group of buttons growing leftwards, a row of cards narrowing as more are added): 0.003–0.011 of
 * layout shift on the dashboard at 4× CPU. The script keeps a click made before the portal takes
 * the page over (lib/early-clicks.ts).
 */
function renderedPageHead(id: string): string {
  return `  <link rel="expect" href="#${id}" blocking="render" />\n    <script>${EARLY_CLICKS_SCRIPT}</script>\n  `;
}

/**
 * JSON inside a script element: `<` written as its escape, so that no answer can close the
 * element (`</script>`) or open a comment in it.
 */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * The portal's pages (ADR 038). The browser routes them, so any page's address gets index.html;
 * for a caller with a session cookie, and for anyone on the customer's pay page, with the page's
 * first screen rendered in it and the answers it was rendered with: the answers come from this
 * app's own routes with the caller's cookies and address, as the portal would ask for them, so a
 * caller sees only what those routes would show them and the rate limit counts them as theirs.
 * When anything is not right (no renderer, an answer other than 200, a render failing or too
 * slow, too many at once), the page goes out as before and the browser renders it alone.
 */
export function createPortalPages(app: FastifyInstance, options: PortalPagesOptions) {
  const { sessionCookieName } = options;
  let renderer: Promise<FirstScreenRenderer | null> | undefined;
  const loadRenderer = () =>
    (renderer ??= options.loadRenderer().catch((error: unknown) => {
      app.log.warn({ err: error }, "the portal's server build could not be loaded; pages go out unrendered");
      return null;
    }));
  const renderTimeoutMs = options.renderTimeoutMs ?? 1000;
  const maxConcurrentRenders = options.maxConcurrentRenders ?? 4;
  const { head, bodyStart, afterRoot, bodyEnd } = splitIndexHtml(options.indexHtml);
  let rendering = 0;

  async function answersFor(
    renderer: FirstScreenRenderer,
    request: FastifyRequest,
    url: URL,
  ): Promise<Record<string, unknown> | null> {
    const { cookie } = request.headers;
    const staffSession = cookie?.includes(`${sessionCookieName}=`) ?? false;
    const calls = renderer.firstScreenRequests(url, { staffSession });
    if (calls.length === 0) return null;
    const responses = await Promise.all(
      calls.map((call) =>
        app.inject({
          method: 'GET',
          url: call.path,
          headers: { ...call.headers, accept: 'application/json', ...(cookie ? { cookie } : {}) },
          remoteAddress: request.ip,
        }),
      ),
    );
    // Only answers as the portal's own call would take them; never one that sets a cookie the
    // browser would not receive.
    if (responses.some((response) => response.statusCode !== 200 || response.headers['set-cookie'])) {
      return null;
    }
    return Object.fromEntries(calls.map((call, at) => [call.path, responses[at]!.json()]));
  }

  async function renderedPage(request: FastifyRequest): Promise<string | null> {
    // A HEAD asks only whether the page is there: nothing to render for it.
    if (request.method !== 'GET') return null;
    if (rendering >= maxConcurrentRenders) return null;
    rendering += 1;
    try {
      const renderer = await loadRenderer();
      if (!renderer) return null;
      const url = new URL(request.url, options.publicUrl);
      const answers = await answersFor(renderer, request, url);
      if (!answers) return null;
      const rendered = await renderer.renderFirstScreen(
        url,
        answers,
        request.headers,
        AbortSignal.timeout(renderTimeoutMs),
      );
      if (rendered === null) return null;
      const script = `<script type="application/json" id="${renderer.FIRST_SCREEN_ID}">${jsonForScriptElement(rendered.state)}</script>`;
      return `${head}${renderedPageHead(renderer.FIRST_SCREEN_ID)}${bodyStart}${rendered.html}${afterRoot}${script}\n  ${bodyEnd}`;
    } catch (error) {
      request.log.warn({ err: error }, 'page sent without its first screen rendered on the server');
      return null;
    } finally {
      rendering -= 1;
    }
  }

  return async function sendPortalPage(request: FastifyRequest, reply: FastifyReply) {
    const page = await renderedPage(request);
    if (page === null) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    // It holds what the caller's session shows: no browser or proxy may keep a copy.
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  };
}
