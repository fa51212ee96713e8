/** How a price is written, on the server (e-mails) and in the browser: pence to "£420", "£1,250.50". */
export function formatPence(pence: number): string {
  const pounds = pence / 100;
  return `£${pounds.toLocaleString('en-GB', { minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}
