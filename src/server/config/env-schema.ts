/**
 * The environment the site reads, as one zod schema made of each area's variables: it checks every
 * variable and turns them into the settings the code uses, so each variable is written once, in
 * its area's file, and the settings' type is what that schema outputs.
 */
import { z } from 'zod';
import { backupConfig, backupVariables } from './backup-config.ts';
import { dataConfig, dataVariables } from './data-config.ts';
import { keepingConfig, keepingVariables } from './keeping-config.ts';
import { mailConfig, mailVariables } from './mail-config.ts';
import { outsideServicesConfig, outsideServicesVariables } from './outside-services-config.ts';
import { repairsAndReviewsConfig, repairsAndReviewsVariables } from './repairs-and-reviews-config.ts';
import { securityConfig, securityVariables } from './security-config.ts';
import { serverConfig, serverVariables } from './server-config.ts';
import { storageConfig, storageVariables } from './storage-config.ts';

export const envSchema = z
  .object({
    ...serverVariables.shape,
    ...dataVariables.shape,
    ...securityVariables.shape,
    ...mailVariables.shape,
    ...storageVariables.shape,
    ...keepingVariables.shape,
    ...repairsAndReviewsVariables.shape,
    ...backupVariables.shape,
    ...outsideServicesVariables.shape,
  })
  // Runs only once every variable is valid: the rules across variables (pairs that go together,
  // defaults that depend on DATABASE_URL) see checked values.
  .transform((e, ctx) => ({
    ...serverConfig(e),
    ...dataConfig(e),
    ...securityConfig(e, ctx),
    ...mailConfig(e),
    ...storageConfig(e, ctx),
    ...keepingConfig(e),
    ...repairsAndReviewsConfig(e),
    ...backupConfig(e),
    ...outsideServicesConfig(e),
  }));

/** What the environment says, before DATA_DIR supplies the key (load-config.ts). */
export type EnvSettings = z.output<typeof envSchema>;
