/** How a price is written, on the server (e-mails) and in the browser: pence to "£420", "£1,250.50". */
export function formatPence(pence: number): string {
  const pounds = pence / 100;
  return `£${pounds.toLocaleString('en-GB', { minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/**
 * What an admin typed as an amount in pounds ("55", "£55.50", "1,055.5") as whole pence, or null when
 * it is not one: integer arithmetic on the digits, never a float. (The quote form's zod field keeps its
 * own range messages in schemas/quotes.ts.)
 */
export function poundsTextToPence(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
