/** A search typed by someone as a case-insensitive LIKE pattern: its wildcards are literal characters. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
