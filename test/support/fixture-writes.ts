/**
 * Databases a content factory wrote to since the test app last looked (test/support/factories.ts).
 * The app cannot see those writes (they are not its own), so the test app rebuilds the public
 * snapshot before its next request (test/support/app.ts). Writes through the app refresh it
 * themselves, or fail their test.
 */
const written = new WeakSet<object>();

export function noteFixtureWrite(db: object): void {
  written.add(db);
}

/** True once after a content factory wrote to `db`. */
export function takeFixtureWrites(db: object): boolean {
  return written.delete(db);
}
