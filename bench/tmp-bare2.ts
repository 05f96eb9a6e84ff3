import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { performance } from 'node:perf_hooks';
import { securityHeaders } from '../apps/api/src/plugins/security-headers.ts';
const app = Fastify({ logger: false });
const parts = (process.argv[2] ?? '').split(',');
if (parts.includes('helmet')) await app.register(securityHeaders, { crossOriginEmbedderPolicy: false });
if (parts.includes('compress')) await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
if (parts.includes('cookie')) await app.register(cookie, { secret: 'x'.repeat(32) });
if (parts.includes('hooks')) for (let i = 0; i < 4; i++) app.addHook('onRequest', async () => {});
app.get('/bare', async () => ({ ok: true }));
await app.ready();
for (let round = 0; round < 4; round++) {
  let n = 0; const start = performance.now();
  while (performance.now() - start < 1000) { await app.inject({ method: 'GET', url: '/bare' }); if (++n % 64 === 0) await new Promise((r) => setImmediate(r)); }
  if (round >= 2) console.log(process.argv[2], n);
}
