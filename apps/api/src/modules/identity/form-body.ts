import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/**
 * The provider's own pages post urlencoded forms (sign-in, activation); only their scopes parse
 * them, with a small limit, and a NUL character is refused before it reaches a query.
 */
export function addFormBodyParser(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_req, body, done) => {
      if (/%00/i.test(body as string))
        return done(new AppError('BAD_REQUEST', 400, 'The form contains a NUL character.'), undefined);
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
