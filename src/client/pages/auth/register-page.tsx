import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { trpcClient } from '#client/lib/trpc.ts';
import { HONEYPOT_FIELD as REGISTER_HONEYPOT_FIELD } from '#shared/honeypot.ts';
import { ContactFields } from '#client/components/contact-fields.tsx';
import { useNativeForm } from '#client/lib/native-form.ts';
import { NATIVE_FORM_PATHS } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

export const INVALID_BANNER = 'Some of your information is invalid please check and re-submit.';

const PASSWORD_FIELDS = [
  { name: 'password', label: 'Password', autoComplete: 'new-password', type: 'password' },
  { name: 'password_confirmation', label: 'Confirm Password', autoComplete: 'new-password', type: 'password' },
] as const;

type FieldName = 'firstname' | 'lastname' | 'email' | (typeof PASSWORD_FIELDS)[number]['name'];

export function RegisterPage() {
  const [, navigate] = useLocation();
  const { refetch } = useSession();
  // The answer to a registration posted without JavaScript: what was typed (never a password) and the errors.
  const native = useNativeForm('register');
  const [values, setValues] = useState<Record<FieldName, string>>({
    firstname: native?.values.firstname ?? '',
    lastname: native?.values.lastname ?? '',
    email: native?.values.email ?? '',
    password: '',
    password_confirmation: '',
  });
  // Only a bot fills it; a person's registration never carries the field.
  const [trap, setTrap] = useState('');
  const register = useMutation({
    mutationFn: async (input: Record<FieldName, string> & { [REGISTER_HONEYPOT_FIELD]?: string }) => {
      // A fresh XSRF-TOKEN cookie first: registration signs in, which rotates the session and the token.
      await trpcClient.session.csrfCookie.query({});
      await trpcClient.session.register.mutate(input);
      await refetch();
    },
    onSuccess: () => navigate(screenHref('accountDashboard')),
  });
  const errors = register.error ? fieldErrorsOf(register.error) : (native?.fieldErrors ?? {});
  const set = (field: FieldName, value: string) => setValues((current) => ({ ...current, [field]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    register.mutate(trap ? { ...values, [REGISTER_HONEYPOT_FIELD]: trap } : values);
  }

  return (
    <AuthCard title="Register">
      <form method="post" action={NATIVE_FORM_PATHS.register} onSubmit={onSubmit}>
        {(register.isError || native) && <Alert tone="error">{INVALID_BANNER}</Alert>}
        <div className="form-grid">
          <ContactFields
            name="split"
            values={values}
            onChange={(field, value) => set(field as FieldName, value)}
            errorOf={(field) => firstError(errors, field)}
            labels={{ email: 'Email Address' }}
          />
          {PASSWORD_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              value={values[field.name]}
              onChange={(value) => set(field.name, value)}
              error={firstError(errors, field.name)}
            />
          ))}
        </div>
        {/* A trap for bots (REGISTER_HONEYPOT_FIELD): off screen, hidden from assistive technology, never tabbed to. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="register-website">Website</label>
          <input
            id="register-website"
            name={REGISTER_HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(event) => setTrap(event.target.value)}
          />
        </div>
        <p className="form-note">
          By registering you agree to our <Link href={screenHref('terms')}>Terms and Conditions</Link> and our{' '}
          <Link href={screenHref('privacy')}>Privacy Policy</Link>.
        </p>
        <Button type="submit" loading={register.isPending} className="btn--block">
          Register
        </Button>
      </form>
      <p className="auth-card__footer">
        Already registered? <Link href={screenHref('login')}>Log in</Link>
      </p>
    </AuthCard>
  );
}
