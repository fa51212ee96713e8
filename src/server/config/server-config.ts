/** The HTTP server: where it listens, the address it is reached at, its proxies and its log. */
import { z } from 'zod';
import { httpUrl, variable } from './env-values.ts';

/** An IPv4 or IPv6 address, optionally with a /prefix (checked loosely; Fastify's proxy-addr parses it). */
const PROXY_ADDRESS_PATTERN = /^(?:[0-9.]+|[0-9a-fA-F:.]+)(?:\/\d{1,3})?$/;

const LOOPBACK_HOSTS = ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost'];

export const serverVariables = z.object({
  PORT: variable(z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: variable(z.string().min(1).default('127.0.0.1')),
  APP_URL: variable(httpUrl().optional()),
  TRUST_PROXY: variable(
    z
      .string()
      .transform((v, ctx) => {
        const text = v.trim();
        if (['false', 'off', 'no'].includes(text)) return false;
        if (/^\d{1,2}$/.test(text)) return Number(text);
        const list = text
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        if (!list.length || !list.every((a) => PROXY_ADDRESS_PATTERN.test(a))) {
          ctx.addIssue({ code: 'custom', message: 'must be false, a hop count, or a comma-separated list of addresses and CIDR ranges' });
          return z.NEVER;
        }
        return list;
      })
      .optional(),
  ),
  LOG_LEVEL: variable(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  NODE_ENV: variable(z.string().optional()),
});

export function serverConfig(e: z.output<typeof serverVariables>) {
  // A loopback HOST is named localhost: WebAuthn refuses an IP address, so passkeys work on a fresh start.
  const defaultHost = LOOPBACK_HOSTS.includes(e.HOST) ? 'localhost' : e.HOST;
  const appUrl = (e.APP_URL ?? `http://${defaultHost}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    /** The address visitors use (APP_URL, no trailing slash); links in e-mails and passkeys name it. */
    appUrl,
    isHttps: appUrl.startsWith('https://'),
    /** Fastify's trustProxy: false, a hop count, or addresses and CIDR ranges of trusted proxies. */
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
  };
}
