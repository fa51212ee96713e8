/** What the malformed-input sweep (malformed-input.test.ts) sends, and the OpenAPI shapes it reads. */

export interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  kind: string;
  /** The connection may be cut instead of answered (a body refused before it was all sent). */
  mayReset?: boolean;
  /** The operation takes no input at all (sign out, send the verification mail): its 2xx is no acceptance of bad input. */
  inputless?: boolean;
}

/** An id and a name no row has. */
export const MISSING_ID = '987654321';

/** Top-level field names of a JSON schema (OpenAPI request body or a zod object's shape). */
export function fieldsOfJsonSchema(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

export interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
