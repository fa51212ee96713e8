/**
 * The dashboard's first-run checklist (docs/decisions/first-run-checklist.md): the four
 * things a new site needs, each ticked from the data (shop.checklist), and "Hide this checklist"
 * (shop.dismissChecklist: for every admin of the site, kept on the server).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ChecklistItem } from '#shared/schemas/shop-setup.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

const STEPS: Record<ChecklistItem, { label: string; href: string; hint: string }> = {
  shopDetails: {
    label: "Set the shop's details",
    href: screenHref('adminShop'),
    hint: 'Name, address, map position and opening hours, then save.',
  },
  starterText: {
    label: 'Replace the starter text',
    href: screenHref('adminWidgets'),
    hint: "The home page's introduction (HomeText1) in your own words.",
  },
  photos: { label: 'Add photos', href: screenHref('adminGalleries'), hint: 'A gallery with pictures of your work.' },
  testimonial: { label: 'Add the first testimonial', href: screenHref('adminTestimonials'), hint: 'What a customer said about you.' },
};

export function FirstRunChecklist() {
  // Asked again on each visit: the steps are done on other screens (a saved form, a new photo).
  const checklist = useQuery(trpc.shop.checklist.queryOptions({}, { refetchOnMount: 'always' }));
  const dismiss = useMutation(
    trpc.shop.dismissChecklist.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(trpc.shop.checklist.queryKey({}), answer),
    }),
  );
  if (!checklist.data || checklist.data.dismissed) return null;
  const { items } = checklist.data;
  const done = items.filter((item) => item.done).length;
  return (
    <section className="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title" className="first-run__title">
        Getting started
      </h2>
      <p className="first-run__progress">{done === items.length ? 'All done: your site is ready.' : `${done} of ${items.length} done.`}</p>
      <ol className="first-run__list">
        {items.map((item) => {
          const step = STEPS[item.key];
          return (
            <li key={item.key} className={`first-run__item${item.done ? ' first-run__item--done' : ''}`}>
              <span className="first-run__mark" aria-hidden="true">
                {item.done ? '✓' : ''}
              </span>
              <span>
                <span className="visually-hidden">{item.done ? 'Done: ' : 'To do: '}</span>
                <Link href={step.href}>{step.label}</Link>
                <span className="first-run__hint">{step.hint}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <ErrorSummary error={dismiss.error} />
      <Button variant="secondary" loading={dismiss.isPending} onClick={() => dismiss.mutate({})}>
        Hide this checklist
      </Button>
    </section>
  );
}
