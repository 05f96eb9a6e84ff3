import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { devMailbox } from './activation.ts';
import { devMailPage } from './dev-mail-page.ts';

/** Messages the viewer shows, newest first. */
const SHOWN = 50;

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the caller is on this machine: the connection comes from a loopback address and was not
 * forwarded (a proxy on the same machine forwards the world, trusted or not), and the page was
 * asked for by a loopback name or the portal's own, so a web page elsewhere cannot rebind its
 * domain name to 127.0.0.1 and read the viewer through the developer's browser.
 */
function fromThisMachine(request: FastifyRequest, publicHostname: string): boolean {
  const hostname = request.hostname.replace(/:\d+$/, '');
  const { headers } = request;
  return (
    LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? '') &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    (LOOPBACK_NAMES.has(hostname) || hostname === publicHostname)
  );
}

/**
 * The demo's mail viewer: what this server would have emailed, had SMTP been configured, with the
 * activation links in it. Registered only in the demo (app.ts) and answered only to this machine:
 * anyone who reads it can activate a new member's account. Nothing here is ever sent anywhere.
 */
export async function devMailRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const publicHostname = new URL(options.publicUrl).hostname;
  app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisMachine(request, publicHostname)) {
      throw new AppError(
        'LOOPBACK_ONLY',
        403,
        'The mail viewer answers only on the machine the demo runs on.',
      );
    }
    const messages = await devMailbox(app.db, SHOWN);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(devMailPage(messages));
  });
}
