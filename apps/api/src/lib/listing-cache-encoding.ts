import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ListingEntry } from './listing-cache.ts';
import { memoByString } from './memo.ts';

export type Encoding = 'br' | 'gzip';

/** As `@fastify/compress` is set up in app.ts: answers under 1 KB go as they are. */
const THRESHOLD = 1024;

/**
 * The encoding a kept answer of `bytes` goes out in for this request, or undefined for none: brotli when
 * the client takes it, else gzip, by the `Accept-Encoding` q-values (`*` counts for both).
 */
export function preferredEncoding(acceptEncoding: string | undefined, bytes: number): Encoding | undefined {
  if (!acceptEncoding || bytes < THRESHOLD) return undefined;
  return encodingFor(acceptEncoding);
}

/** A browser sends the same header on every request: it is read once. */
const encodingFor = memoByString((acceptEncoding: string): Encoding | undefined => {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}, 256);

/**
 * The answer compressed, made once per kept answer and encoding: compressing is most of what a
 * browser's repeated request would otherwise cost. Brotli at quality 4, as `@fastify/compress`.
 */
export function encodedBody(entry: ListingEntry, encoding: Encoding): Buffer {
  entry.encoded ??= {};
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(entry.body);
  return entry.encoded[encoding];
}
