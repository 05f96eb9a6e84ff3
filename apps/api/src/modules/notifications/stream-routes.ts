import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { apiErrorSchema } from '@lynk/contract/errors';
import { NOTIFICATION_EVENT } from '@lynk/contract/notifications';
import { requireIdentity } from '../../plugins/auth.ts';
import { createNotificationFeed, tableSource, type FeedItem, type FeedOptions } from './feed.ts';
import { mayRead, readerOf } from './service.ts';

export interface NotificationStreamOptions {
  feed?: FeedOptions;
  /** A comment line this often keeps proxies and the browser from closing an idle stream. */
  keepAliveMs?: number;
  /**
   * A stream ends after this long and the browser reconnects: the reconnection is authenticated
   * again, so a stream never outlives the session that opened it by more than this.
   */
  lifetimeMs?: number;
}

/** How long the browser waits before reconnecting a stream that ended. */
const RETRY_MS = 3_000;

/**
 * GET /api/profile/notifications/stream (docs/decisions/027): server-sent events, one
 * `notification` event (`{id, code}`) for each new notification of the caller's merchant that
 * they may read (the list's rule); the portal reads the notifications again when one arrives.
 */
export async function notificationStreamRoutes(app: FastifyInstance, options: NotificationStreamOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const lifetimeMs = options.lifetimeMs ?? 5 * 60_000;
  const feed = createNotificationFeed(tableSource(app.db), {
    ...options.feed,
    onError: (error) => app.log.warn({ err: error }, 'notification feed read failed'),
  });
  const open = new Set<PassThrough>();
  // Fastify's close waits for open requests; a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
    await feed.close();
  });

  typed.get(
    '/notifications/stream',
    {
      preValidation: requireIdentity,
      // An event must reach the browser when it is written, not when a compressor's block fills.
      compress: false,
      schema: {
        tags: ['profile'],
        summary: "Server-sent events: a `notification` event for each new notification of the caller's",
        response: {
          200: z.unknown().check(z.describe('text/event-stream: `notification` events, data {id, code}')),
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request.identity!);
      const stream = new PassThrough();
      open.add(stream);
      // One after the other: a check that asks the database must not let a later event pass it.
      let sending = Promise.resolve();
      const send = (item: FeedItem) => {
        sending = sending
          .then(async () => {
            if (!(await mayRead(app.db, reader, item)) || !stream.writable) return;
            const data = JSON.stringify({ id: item.id, code: item.code });
            stream.write(`id: ${item.id}\nevent: ${NOTIFICATION_EVENT}\ndata: ${data}\n\n`);
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'notification stream check failed'));
      };
      const unsubscribe = feed.subscribe(send);
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), keepAliveMs);
      const lifetime = setTimeout(() => stream.end(), lifetimeMs);
      const stop = () => {
        unsubscribe();
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      reply.raw.once('close', stop);
      stream.once('close', stop);
      stream.write(`retry: ${RETRY_MS}\n\n`);
      // Said once the feed holds its starting point: every notification committed after this
      // comment reaches the stream (a client that must not miss one waits for it).
      void feed.started().then(() => {
        if (stream.writable) stream.write(': connected\n\n');
      });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
