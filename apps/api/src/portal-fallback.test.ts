import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './test/test-app.ts';
import { DEMO_PASSWORD } from './world/demo-seed.ts';

let t: TestApp;
let portalDir: string;
beforeAll(async () => {
  portalDir = await mkdtemp(path.join(tmpdir(), 'lynk-portal-'));
  await writeFile(
    path.join(portalDir, 'index.html'),
    '<!doctype html><html><head><title>Lynk</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(portalDir, 'app.js'), 'console.log("app")');
  // A hashed asset as the build writes it: the file and its brotli and gzip twins.
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};`;
  await mkdir(path.join(portalDir, 'assets'));
  await writeFile(path.join(portalDir, 'assets', 'index-AbC123.js'), script);
  await writeFile(path.join(portalDir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(portalDir, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
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

describe('what the browser downloads', () => {
  const asset = '/assets/index-AbC123.js';

  it('sends a hashed asset precompressed in the encoding the browser prefers, cached for a year', async () => {
    const br = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const greeting');

    const gzip = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('export const greeting');

    const plain = await t.app.inject({ url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const greeting');
  });

  it('has the browser check index.html and other unhashed files on every load', async () => {
    for (const url of ['/', '/1001/lynk-wallet/orders', '/app.js']) {
      const response = await t.app.inject({ url });
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses JSON answers over 1 KB for a browser that accepts it, and only then', async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const url = '/api/payment/customer-transactions?offset=0&limit=25';
    const compressed = await t.app.inject({
      url,
      headers: { cookie: jar.header(), 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(compressed.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(compressed.rawPayload.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body.toString()).result).toHaveLength(25);

    const plain = await t.app.inject({ url, headers: { cookie: jar.header() } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().result).toHaveLength(25);
  });
});
