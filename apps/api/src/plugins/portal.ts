import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { addressArea } from '../lib/address-area.ts';
import { createPortalPages, loadFirstScreenRenderer, type FirstScreenRenderer } from '../lib/portal-pages.ts';

export interface PortalPluginOptions {
  /** Folder of the built portal (index.html and assets/). */
  portalDir: string;
  /** As BuildAppOptions.firstScreenRenderer: undefined loads the portal's server build. */
  renderer: FirstScreenRenderer | null | undefined;
  publicUrl: string;
  sessionCookieName: string;
}

/**
 * The build names every file under assets/ by its content's hash, so a browser may keep it for a
 * year without asking again; anything else (index.html, the icon) is checked on every load.
 */
function portalCacheControl(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * The built portal: its files, and its pages. The browser routes the pages, so any other GET of
 * a page's address gets index.html, with its first screen rendered for a signed-in caller and for
 * anyone on the customer's pay page (ADR 038); an address of the back ends or of a file that is
 * not there gets the not-found answer. Registered after the compression plugin, whose hooks reach
 * only the routes declared after it.
 */
export async function portalPlugin(app: FastifyInstance, options: PortalPluginOptions) {
  const { portalDir } = options;
  await app.register(fastifyStatic, {
    root: portalDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file; the one the browser accepts is sent.
    preCompressed: true,
    cacheControl: false,
    // The ETag alone revalidates index.html; nothing asks for a range of a script.
    lastModified: false,
    acceptRanges: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', portalCacheControl(filePath)),
  });
  const sendPortalPage = createPortalPages(app, {
    indexHtml: await readFile(path.join(portalDir, 'index.html'), 'utf8'),
    loadRenderer:
      options.renderer === undefined
        ? () => loadFirstScreenRenderer(path.join(portalDir, '../dist-server/entry-server.js'))
        : () => Promise.resolve(options.renderer ?? null),
    publicUrl: options.publicUrl,
    sessionCookieName: options.sessionCookieName,
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage = addressArea(pathname) === 'portal' && !/\.[a-z0-9]+$/i.test(pathname);
    return isPage ? sendPortalPage(request, reply) : reply.callNotFound();
  });
}
