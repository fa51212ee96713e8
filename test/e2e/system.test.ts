/**
 * Admin journey, System: the admin opens System from the admin menu and reads the version, the
 * database, the stored files and the scheduled backups (none yet on a fresh site); axe on the screen.
 * Outgoing mail, its neighbour in the menu, gets the same axe check.
 */
import { describe, expect, test } from 'vitest';
import { useJourney } from './support/journey.ts';
import { shareSession } from './support/flows.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

describe('admin: system', () => {
  test('the admin reads how the site is doing', async () => {
    const { page } = j;
    await shareSession(j.context, await j.adminApi());

    await j.step('open System from the admin menu; axe', async () => {
      await page.goto(j.url('/admin'));
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'System' }).click();
      await atPath(page, '/admin/system');
      // Loaded afresh, so no link is left hovered for axe to judge.
      await page.goto(j.url('/admin/system'));
      await visible(page.getByRole('heading', { name: 'Backups' }));
      const row = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
      expect(await row('Version').textContent()).toMatch(/^1\.0\.0/);
      expect(await row('Database').textContent()).toMatch(/^(Embedded \(PGlite\)|PostgreSQL), [\d.]+ MB$/);
      expect(await row('Last backup').textContent()).toBe('No scheduled backup yet');
      expect(await row('Job queue').textContent()).toMatch(/^\d+ waiting, \d+ running/);
      expect(describeViolations('/admin/system', await seriousViolations(page))).toBe('');
    });

    await j.step('open Outgoing mail from the admin menu; axe', async () => {
      await page.goto(j.url('/admin'));
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outgoing mail' }).click();
      await atPath(page, '/admin/mail');
      await page.goto(j.url('/admin/mail'));
      await visible(page.getByRole('heading', { name: 'Outgoing mail', level: 1 }));
      expect(describeViolations('/admin/mail', await seriousViolations(page))).toBe('');
    });
  });
});
