import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { STEP_UP_DONE_PATH } from '@lynk/contract/step-up';

const script = readFileSync(new URL('./assets/step-up-done.js', import.meta.url));

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirmed · Lynk Merchant Portal</title>
<link rel="stylesheet" href="/oidc-assets/idp.css">
<script src="${STEP_UP_DONE_PATH}.js" defer></script>
</head>
<body>
<main>
<div class="card">
<h1>Thank you</h1>
<p class="lead">You can close this window: the portal carries on with what you were doing.</p>
<p><a href="/">Back to the portal</a></p>
</div>
</main>
</body>
</html>`;

/**
 * Where the step-up window lands after the provider (ADR 030): a page whose script tells the
 * portal it may retry, and closes the window. A script file, not inline: the CSP allows no other.
 */
export async function stepUpDoneRoutes(app: FastifyInstance) {
  app.get(STEP_UP_DONE_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page),
  );
  app.get(`${STEP_UP_DONE_PATH}.js`, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(script),
  );
}
