import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
let portalDir: string;
beforeAll(async () => {
  portalDir = await mkdtemp(path.join(tmpdir(), 'lynk-portal-'));
  await writeFile(
    path.join(portalDir, 'index.html'),
    '<!doctype html><title>Lynk</title><div id="root"></div>',
  );
  await writeFile(path.join(portalDir, 'app.js'), 'console.log("app")');
  t = await createTestApp({ portalDir });
});
afterAll(async () => {
  await t.close();
  await rm(portalDir, { recursive: true, force: true });
});

describe('serving the built portal', () => {
  it.each(['/', '/1001/lynk-wallet/orders', '/profile?tab=1'])(
    'answers the page %s with index.html',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves the built files themselves', async () => {
    const response = await t.app.inject({ url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
  });

  it.each(['/api/unknown', '/auth/unknown', '/missing.js'])(
    'answers %s with 404 {code, message}',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );
});
