/**
 * Folders the server reads at run time, found from this module's own location: in development it
 * is src/server/paths.ts and in the build it is bundled into dist/server/*.js, both two levels
 * under the project root (scripts/build.mjs keeps every chunk directly in dist/server).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built client (vite), served by the app. */
export const clientDistDir = path.join(projectRoot, 'dist', 'client');
/** The server render of the client's public pages (vite --ssr, src/client/entry-server.tsx). */
export const ssrDistDir = path.join(projectRoot, 'dist', 'ssr');
/** The demo pictures, drawn once by `npm run demo-images` and committed. */
export const demoImagesDir = path.join(projectRoot, 'demo-images');
/** Empty PGlite clusters, one per PGlite version (`npm run db-template`), unpacked by a first start. */
export const dbTemplateDir = path.join(projectRoot, 'db-template');
