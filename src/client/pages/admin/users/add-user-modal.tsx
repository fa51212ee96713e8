import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { FormModal } from '#client/components/ui/form-modal.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';

const empty = { firstname: '', lastname: '', email: '', role: 'user' as 'user' | 'admin', password: '', password_confirmation: '' };
const fields = Object.keys(empty);
// docs/product.md section 6: the add form offers user and admin; member only on the edit page.
const roles = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

export function AddUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState(empty);
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() });
        close();
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const formRef = useSubmitFocus(create.status);
  const set = (field: keyof typeof empty) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function close() {
    setValues(empty);
    create.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(values);
  }

  return (
    <FormModal
      open={open}
      title="Add user"
      onClose={close}
      formId="add-user-form"
      formRef={formRef}
      onSubmit={submit}
      submitLabel="Add user"
      isPending={create.isPending}
    >
      <ErrorSummary error={create.error} fields={fields} />
      <TextField
        label="First name"
        name="firstname"
        value={values.firstname}
        onChange={set('firstname')}
        error={firstError(errors, 'firstname')}
        autoComplete="off"
        required
      />
      <TextField
        label="Last name"
        name="lastname"
        value={values.lastname}
        onChange={set('lastname')}
        error={firstError(errors, 'lastname')}
        autoComplete="off"
        required
      />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        value={values.email}
        onChange={set('email')}
        error={firstError(errors, 'email')}
        autoComplete="off"
        required
      />
      <SelectField label="Role" name="role" value={values.role} onChange={set('role')} options={roles} error={firstError(errors, 'role')} />
      <TextField
        label="Password"
        name="password"
        type="password"
        value={values.password}
        onChange={set('password')}
        error={firstError(errors, 'password')}
        autoComplete="new-password"
        required
      />
      <TextField
        label="Confirm password"
        name="password_confirmation"
        type="password"
        value={values.password_confirmation}
        onChange={set('password_confirmation')}
        error={firstError(errors, 'password_confirmation')}
        autoComplete="new-password"
        required
      />
    </FormModal>
  );
}
