/** The anchor of `npm run bench:http`: a bare Fastify route answering a small JSON, alone in its process. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
