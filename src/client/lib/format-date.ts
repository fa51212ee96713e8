/** A date in the visitor's own languages (docs/product.md: many display languages for dates). */
export function formatDate(iso: string, locales: readonly string[] = navigator.languages): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales.length ? [...locales] : undefined, { dateStyle: 'long' }).format(date);
}
