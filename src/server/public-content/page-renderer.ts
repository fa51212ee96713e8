/**
 * The built server render of the public pages (dist/ssr/entry-server.js, made by `npm run build`
 * beside dist/client). Loaded at the first page a visitor asks for: React and the client's
 * libraries are bundled inside it, so production installs none of them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ssrDistDir } from '#server/paths.ts';
import type { RenderPage } from './page-shell.ts';

/** The renderer, or undefined when the build has none (the client then renders every page). */
export function builtPageRenderer(dir = ssrDistDir): RenderPage | undefined {
  const entry = path.join(dir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let loaded: Promise<RenderPage> | undefined;
  return async (pathname, data, session) => {
    loaded ??= (import(pathToFileURL(entry).href) as Promise<{ renderPage: RenderPage }>).then((m) => m.renderPage);
    return (await loaded)(pathname, data, session);
  };
}
