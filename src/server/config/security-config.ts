/** Keys and access: APP_KEY and the keys it replaced, the first administrator, the metrics token. */
import { z } from 'zod';
import { APP_KEY_PATTERN, decodeAppKey } from '../data-dir.ts';
import { variable } from './env-values.ts';

const APP_KEY_MESSAGE = 'must be "base64:" followed by 32 bytes in base64';

export const securityVariables = z.object({
  APP_KEY: variable(z.string().regex(APP_KEY_PATTERN, APP_KEY_MESSAGE).optional()),
  APP_PREVIOUS_KEYS: variable(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(APP_KEY_PATTERN, `each key ${APP_KEY_MESSAGE}`)))
      .optional(),
  ),
  ADMIN_EMAIL: variable(z.email().optional()),
  ADMIN_PASSWORD: variable(z.string().min(8, 'must be at least 8 characters').max(255).optional()),
  METRICS_TOKEN: variable(z.string().trim().min(16, 'must be at least 16 characters').optional()),
});

export function securityConfig(e: z.output<typeof securityVariables>, ctx: z.core.$RefinementCtx) {
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    const missing = e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
  }
  return {
    /**
     * What the environment says of the keys; load-config.ts turns it into `appKey` and `appKeys`
     * with the key kept in DATA_DIR, and it goes no further.
     */
    appKeySettings: {
      fromEnv: e.APP_KEY ? decodeAppKey(e.APP_KEY) : undefined,
      previous: (e.APP_PREVIOUS_KEYS ?? []).map(decodeAppKey),
    },
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    /** GET /metrics asks for `Authorization: Bearer <token>` when set; otherwise it answers loopback callers only. */
    metricsToken: e.METRICS_TOKEN,
  };
}
