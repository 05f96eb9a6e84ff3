import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { ACTIVATION_PATH, completeActivation, readActivation } from '../staff/index.ts';
import { activationPage } from './activation-pages.ts';
import { addFormBodyParser } from './form-body.ts';
import { messagePage } from './pages.ts';
import { answerRateLimitsWithPages } from './rate-limited-pages.ts';
import { hashPassword } from './passwords.ts';
import { passwordProblems } from './password-rules.ts';
import type { HashQueue } from './sign-in-throttle.ts';

const tokenParams = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
const activationBody = z.object({
  password: z._default(z.string().check(z.maxLength(1024)), ''),
  confirmation: z._default(z.string().check(z.maxLength(1024)), ''),
  username: z.optional(z.string().check(z.maxLength(320))),
});

function html(reply: FastifyReply, body: string, status = 200) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The token is in the address: no other site may learn it from a Referer header.
      .header('referrer-policy', 'no-referrer')
      .send(body)
  );
}

const unusableLink = () =>
  messagePage(
    'Link no longer valid',
    'This activation link has expired or has already been used. Please ask your administrator to register you again.',
    { href: '/', text: 'Go to the portal' },
  );

export interface ActivationRoutesOptions {
  hashQueue: HashQueue;
  /** Submissions per minute from one address. */
  attemptsPerAddress: number;
}

/**
 * The activation page at the identity provider (docs/decisions/028): the link from the
 * activation email opens it, the new staff member chooses a password (password-rules.ts), the
 * link is used up and they sign in like everyone else.
 */
export async function activationRoutes(app: FastifyInstance, opts: ActivationRoutesOptions) {
  const throttle = signInRateLimit(app, 'activation', opts.attemptsPerAddress);

  await app.register(async (scope) => {
    addFormBodyParser(scope);
    answerRateLimitsWithPages(scope, {
      limit: 'Too many attempts.',
      html,
      page: async (request, _reply, message) => {
        const { token } = request.params as { token?: string };
        // Not yet validated when the site-wide limit refused: looked up only if it could be a token.
        const activation =
          token && token.length <= 200 ? await readActivation(app.db, token, app.clock()) : undefined;
        if (!activation) return null;
        return activationPage({
          action: `${ACTIVATION_PATH}/${token}`,
          email: activation.email,
          displayName: activation.display_name,
          errors: [message],
        });
      },
    });

    scope.get(
      `${ACTIVATION_PATH}/:token`,
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const { token } = request.params as z.infer<typeof tokenParams>;
        const activation = await readActivation(app.db, token, app.clock());
        if (!activation) return html(reply, unusableLink(), 410);
        return html(
          reply,
          activationPage({
            action: `${ACTIVATION_PATH}/${token}`,
            email: activation.email,
            displayName: activation.display_name,
          }),
        );
      },
    );

    scope.post(
      `${ACTIVATION_PATH}/:token`,
      { schema: { hide: true, params: tokenParams, body: activationBody }, preHandler: throttle },
      async (request, reply) => {
        const { token } = request.params as z.infer<typeof tokenParams>;
        const { password, confirmation } = request.body as z.infer<typeof activationBody>;
        const activation = await readActivation(app.db, token, app.clock());
        if (!activation) return html(reply, unusableLink(), 410);
        const problems = passwordProblems({ password, confirmation, email: activation.email });
        if (problems.length > 0) {
          const page = activationPage({
            action: `${ACTIVATION_PATH}/${token}`,
            email: activation.email,
            displayName: activation.display_name,
            errors: problems,
          });
          return html(reply, page, 400);
        }
        const passwordHash = await opts.hashQueue.run(() => hashPassword(password));
        const done = await completeActivation(app.db, {
          token,
          passwordHash,
          now: app.clock(),
          ip: request.ip,
        });
        if (!done) return html(reply, unusableLink(), 410);
        return html(
          reply,
          messagePage(
            'Account activated',
            'Your password is set. You can now sign in to the Lynk Merchant Portal.',
            {
              href: '/',
              text: 'Sign in',
            },
          ),
        );
      },
    );
  });
}
