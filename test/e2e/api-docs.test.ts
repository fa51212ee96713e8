/**
 * The API reference page (/api/docs) in the browser, under the site's real CSP: Swagger UI renders
 * the operations of /api/openapi.json's document with no console error and no CSP violation.
 */
import { describe, expect, test } from 'vitest';
import { useJourney } from './support/journey.ts';
import { visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

describe('API reference', () => {
  for (const path of ['/api/docs', '/api/docs/']) {
    test(`${path} renders the operations with no console error and no CSP violation`, async () => {
      const { page } = j;
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /content security policy/i.test(m.text())) errors.push(`console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      // Collected in the page from its first script on, before Swagger UI's bundle runs.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });

      await j.step(`open ${path}`, async () => {
        const response = await page.goto(j.url(path));
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
        expect(await page.title()).toBe('Harbourside Body & Paint API');
      });

      await j.step('Swagger UI renders the document: every tag, each opening on a click', async () => {
        await visible(page.locator('.swagger-ui .info .title', { hasText: 'Harbourside Body & Paint API' }));
        await visible(page.locator('#operations-tag-history'));
        expect(await page.locator('.opblock-tag').count()).toBeGreaterThanOrEqual(16);
        await page.locator('#operations-tag-widgets').click();
        const widget = page.locator('.opblock-get', { has: page.locator('[data-path="/api/widgets/{x}"]') });
        await visible(widget);
        await page.locator('#operations-tag-users').click();
        await visible(page.locator('[data-path="/api/users/{id}/cv"]'));
      });

      await j.step('opening an operation shows its parameters', async () => {
        await page.locator('.opblock-get .opblock-summary-control', { has: page.locator('[data-path="/api/widgets/{x}"]') }).click();
        await visible(page.locator('.opblock.is-open .parameters-col_name', { hasText: 'x' }));
      });

      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations, 'CSP violations').toEqual([]);
      expect(errors, 'console errors').toEqual([]);
    });
  }
});
