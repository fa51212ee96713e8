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
import '#client/pages/admin/widgets/content.css';
import { useShop } from '#client/lib/shop.ts';
import { fillShopDetails } from '#shared/shop-details.ts';
import {
  CONTENT_PAGES,
  CONTENT_SECTIONS,
  isFixedWidgetName,
  sectionHref,
  sectionTitle,
  type ContentPageKey,
  type ContentSection,
} from '#shared/content-sections.ts';
import { screenHref } from '#client/lib/screen-links.ts';

/** The widgets by the page and section they fill (src/shared/content-sections.ts), then the admin's own. */
export function WidgetsPage() {
  const list = useQuery(trpc.widgets.list.queryOptions({}));
  const [adding, setAdding] = useState(false);
  const byName = new Map((list.data?.results ?? []).map((w) => [w.name.toLowerCase(), w]));
  const own = (list.data?.results ?? []).filter((w) => !isFixedWidgetName(w.name)).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Widgets</h1>
        <Button onClick={() => setAdding(true)}>Add widget</Button>
      </div>
      <p className="admin-form__note">The site&apos;s content, page by page, in the order each page shows it.</p>
      <ErrorSummary error={list.error} />
      {list.isPending ? (
        <Spinner label="Loading widgets…" />
      ) : (
        list.data && (
          <>
            {(Object.keys(CONTENT_PAGES) as ContentPageKey[]).map((page) => (
              <section key={page} className="content-page" aria-labelledby={`content-page-${page}`}>
                <h2 id={`content-page-${page}`} className="content-page__title">
                  {CONTENT_PAGES[page].label}
                </h2>
                <ul className="admin-grid">
                  {CONTENT_SECTIONS.filter((s) => s.page === page).map((section) => (
                    <SectionCard key={section.widget} section={section} widget={byName.get(section.widget.toLowerCase())} />
                  ))}
                </ul>
              </section>
            ))}
            <section className="content-page" aria-labelledby="content-page-own">
              <h2 id="content-page-own" className="content-page__title">
                Widgets you added
              </h2>
              <p className="admin-form__note">
                These are on no page by themselves: other sites and apps read them by name at /api/widgets/&lt;name&gt;, and a developer can
                place one on a page. Their name and type can be changed.
              </p>
              {own.length === 0 ? (
                <p className="admin-form__note">None yet. &quot;Add widget&quot; creates one.</p>
              ) : (
                <ul className="admin-grid">
                  {own.map((widget) => (
                    <li key={widget.id} className="admin-tile">
                      <WidgetPreview widget={widget} />
                      <div className="admin-tile__body">
                        <Link href={screenHref('adminWidget', { id: widget.id })} className="admin-tile__title">
                          {widget.name}
                        </Link>
                        <span className={`admin-badge admin-badge--${widget.type.toLowerCase()}`}>{widget.type}</span>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )
      )}
      {adding && <AddWidgetModal onClose={() => setAdding(false)} />}
    </>
  );
}

function SectionCard({ section, widget }: { section: ContentSection; widget: Widget | undefined }) {
  const title = sectionTitle(section);
  return (
    <li className="admin-tile content-section" data-widget={section.widget}>
      {widget ? <WidgetPreview widget={widget} /> : <div className="admin-tile__image admin-tile__image--empty">Missing</div>}
      <div className="admin-tile__body">
        {widget ? (
          <Link href={screenHref('adminWidget', { id: widget.id })} className="admin-tile__title">
            {title}
          </Link>
        ) : (
          <span className="admin-tile__title">{title}</span>
        )}
        <span className={`admin-badge admin-badge--${section.type.toLowerCase()}`}>{section.type}</span>
      </div>
      <div className="content-section__meta">
        {section.isShown ? (
          <a href={sectionHref(section)} className="content-section__view">
            View on the site<span className="visually-hidden">: {title}</span>
          </a>
        ) : (
          <span className="admin-badge content-section__hidden">Not shown on the site</span>
        )}
        <span className="content-section__name">{section.widget}</span>
      </div>
    </li>
  );
}

function WidgetPreview({ widget }: { widget: Widget }) {
  const shop = useShop();
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
  // Placeholders read as the details they stand for (the preview is text only: no today's status).
  const text = textOfHtml(fillShopDetails(widget.html, shop, null), 140);
  return <p className="admin-tile__text">{text || (widget.type === 'VIDEO' ? 'Video' : 'Empty')}</p>;
}

function AddWidgetModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [, navigate] = useLocation();
  const create = useMutation(
    trpc.widgets.create.mutationOptions({
      onSuccess: async (widget) => {
        await queryClient.invalidateQueries({ queryKey: trpc.widgets.list.pathKey() });
        navigate(screenHref('adminWidget', { id: widget.id }));
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
        hint="Letters, digits, - and _; starts with a letter. Other sites and apps read the widget by this name."
        required
      />
      <p className="admin-form__note">Type: Text</p>
    </FormModal>
  );
}
