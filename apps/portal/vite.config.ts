import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { bundleBudget } from './build/bundle-budget.ts';
import { mantineStylesChecked } from './build/mantine-styles.ts';
import { portalLayout } from './build/portal-layout.ts';
import { stableMantineIds } from './build/stable-mantine-ids.ts';

// The API server (apps/api) serves the SPA in production; in development Vite proxies the
// same-origin paths to it so the session cookie and the CSRF header behave exactly as in production.
const apiOrigin = process.env.LYNK_API_ORIGIN ?? 'http://localhost:3000';
const proxy = { '/api': apiOrigin, '/auth': apiOrigin, '/oidc': apiOrigin };

// Which lazy parts are routes and which render outside the signed-in frame: what the bundle
// budget measures a page by.
const layout = portalLayout({
  router: 'src/app/router.tsx',
  frame: 'src/app/layout/app-layout.tsx',
  outside: ['src/features/pay/components/pay-page.tsx'],
});

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * `vite build --ssr src/entry-server.tsx`: the first screen's renderer for the API server (ADR 038),
 * in dist-server, apart from the files the browser may fetch. Its packages bundled in, built for
 * production as the browser's are: one file loads in ~50 ms, Mantine's hundreds of modules from
 * node_modules took ~600 ms of the server's start.
 */
const serverRenderer = defineConfig({
  plugins: [react(), stableMantineIds()],
  resolve: { alias },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false },
});

export const browserBuild = defineConfig({
  // Every text asset also written as .br and .gz at build time (the best ratio, paid once): the API
  // server sends the one the browser accepts, with no compression work per request.
  plugins: [
    react(),
    stableMantineIds(),
    layout.plugin,
    bundleBudget(layout.layout),
    mantineStylesChecked(),
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  resolve: { alias },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No <link rel=modulepreload> injected for each chunk a lazy route imports (ADR 036): the
    // browser fetches a chunk's imports as it reads it. Appending ~80 links cost the dashboard's
    // first task ~190 ms of a phone's main thread, and over HTTP/1.1, six requests at a time, the
    // chunks queue behind each other anyway. A lazy chunk's CSS is still loaded with it.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Everything the entry needs before the first screen in one file, not thirty: a page load
        // over HTTP/1.1 asks six at a time. Its modules keep their import order, so zod-config
        // (main.tsx's first script) still runs before any schema is built. The routes' shared
        // code is the bundler's own split (ADR 037, superseded).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderer : browserBuild));
