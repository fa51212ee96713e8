/**
 * A modal holding one form, with the Cancel and submit buttons every add/edit dialog has. The
 * submit button sits in the footer (outside the form element) and submits it through `form=`.
 */
import type { FormEvent, ReactNode, Ref } from 'react';
import { Modal, type ModalProps } from '#client/components/ui/modal.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export interface FormModalProps {
  open?: boolean;
  title: ReactNode;
  size?: ModalProps['size'];
  onClose: () => void;
  formId: string;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  isPending: boolean;
  children: ReactNode;
}

export function FormModal({
  open = true,
  title,
  size,
  onClose,
  formId,
  formRef,
  onSubmit,
  submitLabel,
  isPending,
  children,
}: FormModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      {...(size ? { size } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isPending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} ref={formRef} id={formId} className="admin-form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
