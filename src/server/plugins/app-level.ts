/**
 * The app's plugins (this folder) each hold one concern and are registered from app.ts in the
 * order a request meets them. Their hooks, decorators and not-found handler belong to the whole
 * app, not to an encapsulated child: `appLevel` marks a plugin as fastify-plugin does (without
 * the dependency), by the symbol Fastify reads.
 */
import type { FastifyPluginAsync } from 'fastify';

export function appLevel<Options extends object>(name: string, plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
}
