/**
 * A named content block that admins edit (docs/product.md "Widgets"): text, image or video, fetched by
 * name. A failed load is only logged (docs/product.md section 8); admins get an edit shortcut.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Widget as WidgetData } from '#shared/schemas/content.ts';
import { trpc } from '#client/lib/trpc.ts';
import { useSession } from '#client/lib/session.tsx';
import { ResponsiveImage } from '#client/components/responsive-image.tsx';
import { useNowAfterMount, useShop } from '#client/lib/shop.ts';
import { fillShopDetails, SHOP_DETAIL_ATTRIBUTE } from '#shared/shop-details.ts';
import { sectionOfWidget } from '#shared/content-sections.ts';
import { screenHref } from '#client/lib/screen-links.ts';

export interface WidgetProps {
  name: string;
  /** The largest image above the fold: loaded eagerly instead of lazily. */
  priority?: boolean;
  /** The image's rendered width, for the browser's choice between the two variants. */
  sizes?: string;
  className?: string;
}

/**
 * Text with the shop's details in its placeholders (src/shared/shop-details.ts), from the shop
 * record as the page has it now: a changed shop shows at once, today's status once the page is live.
 */
function RichText({ html, className }: { html: string; className: string }) {
  const shop = useShop();
  const now = useNowAfterMount();
  const filled = html.includes(SHOP_DETAIL_ATTRIBUTE) ? fillShopDetails(html, shop, now) : html;
  return <div className={className} dangerouslySetInnerHTML={{ __html: filled }} />;
}

function WidgetBody({ widget, priority, sizes }: { widget: WidgetData; priority: boolean; sizes: string }) {
  switch (widget.type) {
    case 'TEXT':
      // The server sanitises widget HTML to a fixed allow-list when it is saved (docs/rest-contract.md).
      return <RichText className="rich-text" html={widget.html} />;
    case 'VIDEO':
      return <RichText className="widget__video" html={widget.html} />;
    case 'IMAGE':
      if (widget.image)
        return <ResponsiveImage image={widget.image} alt={widget.alt} priority={priority} sizes={sizes} className="widget__image" />;
      return widget.image_url ? (
        <img src={widget.image_url} alt={widget.alt} loading={priority ? 'eager' : 'lazy'} className="widget__image" />
      ) : null;
  }
}

export function Widget({ name, priority = false, sizes = '(min-width: 900px) 50vw, 100vw', className }: WidgetProps) {
  const { isAdmin } = useSession();
  const query = useQuery(trpc.widgets.byKey.queryOptions({ x: name }));

  useEffect(() => {
    if (query.error) console.error(`Widget ${name} could not be loaded`, query.error);
  }, [query.error, name]);

  if (query.isPending) return <div className={`widget widget--loading skeleton ${className ?? ''}`} aria-hidden="true" />;
  if (!query.data) return null;
  const widget = query.data;
  // The section's anchor (src/shared/content-sections.ts): the admin's "View on the site" opens the page there.
  return (
    <div id={sectionOfWidget(name)?.anchor} className={`widget widget--${widget.type.toLowerCase()} ${className ?? ''}`}>
      {isAdmin && (
        <Link
          href={screenHref('adminWidget', { id: widget.id })}
          className="widget__edit"
          aria-label={`Edit widget ${widget.name}`}
          title={`Edit widget ${widget.name}`}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
          </svg>
        </Link>
      )}
      <WidgetBody widget={widget} priority={priority} sizes={sizes} />
    </div>
  );
}
