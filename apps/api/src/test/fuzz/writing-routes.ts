import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './json-schema-arbitrary.ts';

/** A route that may write, as the OpenAPI document describes it. */
export interface WritingRoute {
  /** `POST /api/payment/{id}/full-refund`: the method and the document's path. */
  name: string;
  method: string;
  path: string;
  pathParameters: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  takesIdempotencyKey: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

const WRITING_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Every route of the app's OpenAPI document that takes POST, PUT, PATCH or DELETE. */
export function writingRoutes(app: FastifyInstance): WritingRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => WRITING_METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const name = `${method.toUpperCase()} ${path}`;
        const content = operation.requestBody?.content;
        if (content && !content['application/json']) throw new Error(`${name} takes no JSON body`);
        return {
          name,
          method: method.toUpperCase(),
          path,
          pathParameters: Object.fromEntries(
            parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
          ),
          body: content?.['application/json']?.schema,
          takesIdempotencyKey: parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        };
      }),
  );
}

/** The one route of that name; a missing one fails the test that names it. */
export function writingRoute(app: FastifyInstance, name: string): WritingRoute {
  const route = writingRoutes(app).find((r) => r.name === name);
  if (!route) throw new Error(`The OpenAPI document has no route ${name}`);
  return route;
}
