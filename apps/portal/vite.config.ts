import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/api) serves the SPA in production; in development Vite proxies the
// same-origin paths to it so the session cookie and the CSRF header behave exactly as in production.
const apiOrigin = process.env.LYNK_API_ORIGIN ?? 'http://localhost:3000';
const proxy = { '/api': apiOrigin, '/auth': apiOrigin, '/oidc': apiOrigin };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
