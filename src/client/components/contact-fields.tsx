/**
 * Who is asking and how to reach them, as the quote, booking and register forms ask it: the name
 * (one field, or first and last for an account), the e-mail address and, where the form wants it,
 * the telephone. Each form keeps its own labels; the field names are the procedures' input names.
 */
import { TextField } from '#client/components/ui/form-fields.tsx';

export type ContactField = 'name' | 'firstname' | 'lastname' | 'email' | 'telephone';

export type ContactValues = Partial<Record<ContactField, string>>;

const LABELS: Record<ContactField, string> = {
  name: 'Your name',
  firstname: 'First Name',
  lastname: 'Last Name',
  email: 'E-mail address',
  telephone: 'Telephone',
};

export interface ContactFieldsProps {
  /** 'full': one name field (a quote, a booking); 'split': first and last name (an account). */
  name: 'full' | 'split';
  values: ContactValues;
  onChange: (field: ContactField, value: string) => void;
  errorOf: (field: ContactField) => string | undefined;
  /** The telephone: left out (undefined), required, or optional. */
  telephone?: 'required' | 'optional';
  telephoneHint?: string | undefined;
  /** A form's own wording of a label ("Email Address" on the register form). */
  labels?: Partial<Record<ContactField, string>>;
}

export function ContactFields({ name, values, onChange, errorOf, telephone, telephoneHint, labels = {} }: ContactFieldsProps) {
  const labelOf = (field: ContactField) => labels[field] ?? LABELS[field];
  const field = (id: ContactField, props: { type?: string; autoComplete: string; required?: boolean; hint?: string | undefined }) => (
    <TextField
      key={id}
      label={labelOf(id)}
      name={id}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      required={props.required ?? true}
      value={values[id] ?? ''}
      onChange={(value) => onChange(id, value)}
      {...(props.hint ? { hint: props.hint } : {})}
      error={errorOf(id)}
    />
  );
  return (
    <>
      {name === 'split'
        ? [field('firstname', { autoComplete: 'given-name' }), field('lastname', { autoComplete: 'family-name' })]
        : field('name', { autoComplete: 'name' })}
      {field('email', { type: 'email', autoComplete: 'email' })}
      {telephone && field('telephone', { type: 'tel', autoComplete: 'tel', required: telephone === 'required', hint: telephoneHint })}
    </>
  );
}
