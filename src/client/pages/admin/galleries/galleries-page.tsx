import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormModal } from '#client/components/ui/form-modal.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { screenHref } from '#client/lib/screen-links.ts';

export function GalleriesPage() {
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const list = useQuery({ ...trpc.galleries.list.queryOptions({ limit: ADMIN_PAGE_SIZE, page }), placeholderData: keepPreviousData });
  const pageCount = list.data ? Math.ceil(list.data.total / ADMIN_PAGE_SIZE) : 0;
  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Galleries</h1>
        <Button onClick={() => setAdding(true)}>Add gallery</Button>
      </div>
      <ErrorSummary error={list.error} />
      {list.isPending ? (
        <Spinner label="Loading galleries…" />
      ) : list.data?.results.length === 0 ? (
        <p>No galleries yet.</p>
      ) : (
        <ul className="admin-grid" aria-busy={list.isFetching}>
          {list.data?.results.map((gallery, index) => (
            <li key={gallery.id} className="admin-tile">
              {gallery.image ? (
                <img
                  className="admin-tile__image"
                  src={gallery.image.thumb_url}
                  alt=""
                  width={gallery.image.thumb_width}
                  height={gallery.image.thumb_height}
                  // The first row is on screen at once: fetched with the page, not after layout.
                  loading={index < 3 ? 'eager' : 'lazy'}
                />
              ) : (
                <div className="admin-tile__image admin-tile__image--empty">No cover</div>
              )}
              <div className="admin-tile__body">
                <Link href={screenHref('adminGallery', { id: gallery.id })} className="admin-tile__title">
                  {gallery.name}
                </Link>
                {gallery.hidden && <span className="admin-badge admin-badge--hidden">Hidden</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} zeroBased />
      {adding && <AddGalleryModal onClose={() => setAdding(false)} />}
    </>
  );
}

function AddGalleryModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [, navigate] = useLocation();
  const create = useMutation(
    trpc.galleries.create.mutationOptions({
      // docs/product.md section 4: creating a gallery moves to its edit page.
      onSuccess: async ({ id }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.galleries.list.pathKey() });
        navigate(screenHref('adminGallery', { id }));
      },
    }),
  );

  const formRef = useSubmitFocus(create.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name });
  }

  return (
    <FormModal
      title="Add gallery"
      onClose={onClose}
      formId="add-gallery-form"
      formRef={formRef}
      onSubmit={submit}
      submitLabel="Add gallery"
      isPending={create.isPending}
    >
      <ErrorSummary error={create.error} fields={['name']} />
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={setName}
        error={firstError(fieldErrorsOf(create.error), 'name')}
        required
      />
    </FormModal>
  );
}
