import { Alert } from '#client/components/ui/alert.tsx';
import { fieldErrorsOf, messageOf } from '#client/lib/api-errors.ts';

/**
 * A failed request's message, unless every message of it is already shown beside a field of the
 * form (`fields`): then a banner would only repeat them. Nothing when there is no error.
 */
export function ErrorSummary({ error, fields = [] }: { error: unknown; fields?: string[] }) {
  if (!error) return null;
  const errors = fieldErrorsOf(error);
  const shown = Object.keys(errors).length > 0 && Object.keys(errors).every((field) => fields.includes(field));
  return shown ? null : <Alert tone="error">{messageOf(error)}</Alert>;
}
