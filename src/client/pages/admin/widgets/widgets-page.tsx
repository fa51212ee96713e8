import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import type { Widget } from '#shared/schemas/content.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormModal } from '#client/components/ui/form-modal.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { textOfHtml } from '#client/pages/admin/text-of-html.ts';

export function WidgetsPage() {
  const list = useQuery(trpc.widgets.list.queryOptions({}));
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Widgets</h1>
        <Button onClick={() => setAdding(true)}>Add widget</Button>
      </div>
      <ErrorSummary error={list.error} />
      {list.isPending ? (
        <Spinner label="Loading widgets…" />
      ) : (
        <ul className="admin-grid">
          {list.data?.results.map((widget) => (
            <li key={widget.id} className="admin-tile">
              <WidgetPreview widget={widget} />
              <div className="admin-tile__body">
                <Link href={`/widgets/${widget.id}`} className="admin-tile__title">
                  {widget.name}
                </Link>
                <span className={`admin-badge admin-badge--${widget.type.toLowerCase()}`}>{widget.type}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddWidgetModal onClose={() => setAdding(false)} />}
    </>
  );
}

function WidgetPreview({ widget }: { widget: Widget }) {
  if (widget.type === 'IMAGE') {
    return widget.image ? (
      <img
        className="admin-tile__image"
        src={widget.image.thumb_url}
        alt={widget.alt}
        width={widget.image.thumb_width}
        height={widget.image.thumb_height}
        loading="lazy"
      />
    ) : (
      <div className="admin-tile__image admin-tile__image--empty">No image</div>
    );
  }
  const text = textOfHtml(widget.html, 140);
  return <p className="admin-tile__text">{text || (widget.type === 'VIDEO' ? 'Video' : 'Empty')}</p>;
}

function AddWidgetModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [, navigate] = useLocation();
  const create = useMutation(
    trpc.widgets.create.mutationOptions({
      onSuccess: async (widget) => {
        await queryClient.invalidateQueries({ queryKey: trpc.widgets.list.pathKey() });
        navigate(`/widgets/${widget.id}`);
      },
    }),
  );

  const formRef = useSubmitFocus(create.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    // docs/product.md section 3: the add form creates text widgets; the edit page can change the type.
    create.mutate({ name, type: 'TEXT' });
  }

  return (
    <FormModal
      title="Add widget"
      onClose={onClose}
      formId="add-widget-form"
      formRef={formRef}
      onSubmit={submit}
      submitLabel="Add widget"
      isPending={create.isPending}
    >
      <ErrorSummary error={create.error} fields={['name']} />
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={setName}
        error={firstError(fieldErrorsOf(create.error), 'name')}
        hint="Letters, digits, - and _; starts with a letter. Pages fetch the widget by this name."
        required
      />
      <p className="admin-form__note">Type: Text</p>
    </FormModal>
  );
}
