/**
 * axe-core in the page. The site's CSP forbids inline scripts, so the source is injected through
 * page.evaluate (DevTools evaluation is not subject to CSP) rather than a <script> tag.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Waits for finite animations and transitions (the About page's fade-in) to end: measured
 * mid-fade, text colours are blended with the background and contrast is misjudged. Endless
 * ones (loading skeletons) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!hasAxe) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' ') + (n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : '')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(pathname: string, violations: AxeViolation[]): string {
  return violations.map((v) => `${pathname}: [${v.impact}] ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');
}
