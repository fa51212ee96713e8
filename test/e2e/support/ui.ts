/**
 * Waiting helpers over playwright-core (which has no auto-waiting expect): every check waits for
 * its condition up to a limit, never for a fixed time.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { STEP_TIMEOUT_MS } from './journey.ts';

export async function visible(locator: Locator, timeout = STEP_TIMEOUT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function hidden(locator: Locator, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Waits until the page's path (and search, when given) is the expected one. */
export async function atPath(page: Page, expected: string | RegExp, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return expected instanceof RegExp ? expected.test(url.pathname + url.search) : url.pathname === expected;
      },
      { timeout, interval: 50, message: `expected the page to reach ${String(expected)}` },
    )
    .toBe(true);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Polls a value from the page until it satisfies the check. */
export async function until<T>(
  read: () => Promise<T> | T,
  check: (value: T) => boolean,
  message: string,
  timeout = STEP_TIMEOUT_MS,
): Promise<T> {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        return check(last);
      },
      { timeout, interval: 50, message },
    )
    .toBe(true);
  return last as T;
}

/**
 * A form control by its label. The client marks required fields with an aria-hidden " *" inside
 * the label, which Playwright's label text includes, so the match allows it.
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`));
}

/** The text the control is described by (its hint and its error message), as a screen reader reads it. */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}

/** Replaces the rich-text editor's content by typing, as a person would. */
export async function typeInto(page: Page, editor: Locator, text: string): Promise<void> {
  await visible(editor);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}
