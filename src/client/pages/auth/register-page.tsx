import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '../../layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-fields.tsx';
import { fieldErrorsOf, firstError, type FieldErrors } from '../../lib/api-errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.tsx';
import { trpcClient } from '../../lib/trpc.ts';
import { uploadForm } from '../../lib/upload.ts';

export const INVALID_BANNER = 'Some of your information is invalid please check and re-submit.';

const FIELDS = [
  { name: 'firstname', label: 'First Name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastname', label: 'Last Name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'Email Address', autoComplete: 'email', type: 'email' },
  { name: 'password', label: 'Password', autoComplete: 'new-password', type: 'password' },
  { name: 'password_confirmation', label: 'Confirm Password', autoComplete: 'new-password', type: 'password' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

export function RegisterPage() {
  usePageTitle('Register');
  const [, navigate] = useLocation();
  const { refetch } = useSession();
  const [values, setValues] = useState<Record<FieldName, string>>({
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isInvalid, setInvalid] = useState(false);
  const [isBusy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setInvalid(false);
    try {
      await trpcClient.session.csrfCookie.query({});
      const body = new FormData();
      for (const field of FIELDS) body.append(field.name, values[field.name]);
      await uploadForm<string>('POST', '/api/register', body);
      await refetch();
      navigate('/account');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setInvalid(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Register">
      <form onSubmit={(event) => void onSubmit(event)}>
        {isInvalid && <Alert tone="error">{INVALID_BANNER}</Alert>}
        <div className="form-grid">
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              value={values[field.name]}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              error={firstError(errors, field.name)}
            />
          ))}
        </div>
        <p className="form-note">
          By registering you agree to our <Link href="/legal/terms">Terms and Conditions</Link> and our{' '}
          <Link href="/legal/privacy">Privacy Policy</Link>.
        </p>
        <Button type="submit" loading={isBusy} className="btn--block">
          Register
        </Button>
      </form>
      <p className="auth-card__footer">
        Already registered? <Link href="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
