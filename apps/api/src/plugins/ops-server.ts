import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { healthRoutes, type HealthOptions } from './health.ts';
import { registerMetricsRoute } from './metrics-route.ts';

/**
 * The operators' listener (ADR 045): health, readiness and the app's metrics, on a port of their
 * own — a worker's only port, or OPS_PORT beside a web instance's. Nothing of the product is
 * reachable here, so a scraper inside the network needs no token.
 */
export async function createOpsServer(opts: HealthOptions & { metrics: Registry }): Promise<FastifyInstance> {
  const ops = Fastify({ logger: false });
  ops.setValidatorCompiler(validatorCompiler);
  ops.setSerializerCompiler(serializerCompiler);
  ops.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: 'NOT_FOUND', message: 'Only /healthz, /readyz and /metrics are here.' }),
  );
  await ops.register(healthRoutes, { db: opts.db, isDraining: opts.isDraining });
  registerMetricsRoute(ops, { registry: opts.metrics, open: true });
  return ops;
}
