import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client lives in src/client; its build goes to dist/client, which Fastify serves.
// public/ (logo, default images) is copied as is. `vite` and `vite preview` forward the API
// paths to the Fastify server at API_URL (default: its own default port). Only the paths the
// client calls: /login, /reset-password and the like are also screens of the client.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
const apiProxy = Object.fromEntries(['/trpc', '/api', '/media', '/sanctum', '/email'].map((prefix) => [prefix, apiUrl]));

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
    // Which chunks each screen imports: the build turns it into the page shell's preloads (scripts/lib/screen-preloads.mjs).
    manifest: !isSsrBuild,
    // The server render is one module with React and every library inside it: large by design.
    chunkSizeWarningLimit: isSsrBuild ? 2000 : 400,
    // public/ is served from dist/client; the server render needs none of it.
    copyPublicDir: !isSsrBuild,
    // React, the router and the query and tRPC clients in one chunk: every page loads all of
    // them, and split by which screens share what they were a dozen small downloads, each paying
    // about 1 KB of response headers (issue 23: a page's JavaScript at most 100 KB as sent).
    // The site's own shared modules (lib, layouts, routing, the components most pages show, the
    // zod-free parts of src/shared; not the content pages' widgets, separators and trust signals,
    // which the forms never show) in one chunk too, for the same reason: each of a dozen chunks of
    // a few hundred bytes cost as much again in headers. Only those modules: the group does not take
    // in what they import (includeDependenciesRecursively: false), or zod and Vite's preload helper
    // would come with them into the first download. The forms' and admin's parts stay per screen.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](?:react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@tanstack|@trpc)[\\/]/,
                },
                {
                  name: 'site',
                  test: /src[\\/](?:client[\\/](?:lib[\\/](?!save-with-upload)|layouts|routing|components[\\/](?!admin[\\/]|carousel[\\/]|gallery[\\/]|testimonials[\\/]|widget[\\/]|separator|reveal|calls-to-action[\\/]trust-signals|ui[\\/](?:form-modal|pagination|use-flash|star-rating)))|shared[\\/](?!schemas[\\/]|validation))/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  // The server render (`vite build --ssr entry-server.tsx`, scripts/build.mjs) carries every
  // library inside it: the client's libraries are dev dependencies, absent in production.
  ssr: { noExternal: true, target: 'node' },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
}));
