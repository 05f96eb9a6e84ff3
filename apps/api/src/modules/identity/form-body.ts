import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

const FORM = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * The provider's own pages post urlencoded forms (sign-in, activation); only their scopes parse
 * them, with a small limit, and a NUL character is refused before it reaches a query.
 */
export function addFormBodyParser(scope: FastifyInstance) {
  scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    if (/%00/i.test(body as string))
      return done(new AppError('BAD_REQUEST', 400, 'The form contains a NUL character.'), undefined);
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/**
 * A field of a form refused before its body was parsed (the site-wide rate limit answers in
 * onRequest), read only to show it again: a declared length within the parser's limit, or nothing.
 */
export async function unparsedFormField(request: FastifyRequest, name: string): Promise<string> {
  const length = Number(request.headers['content-length']);
  const isForm = request.headers['content-type']?.split(';')[0]?.trim() === FORM;
  if (!isForm || !(length > 0 && length <= FORM_BODY_LIMIT) || request.raw.readableDidRead) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) chunks.push(chunk as Buffer);
  const value = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get(name) ?? '';
  return value.includes('\u0000') ? '' : value;
}
