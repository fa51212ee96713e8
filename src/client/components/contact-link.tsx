/**
 * A telephone or e-mail address as a call or mail link, so staff at the bench reach the customer in one tap.
 * An empty or hidden value (null: a technician's field the permission table withholds) has nothing to link
 * and shows the dash.
 */
import { phoneHref } from '#client/lib/shop.ts';

type Props = {
  kind: 'telephone' | 'email';
  value: string | null | undefined;
  /** For e-mail: a subject the mail program fills in. */
  subject?: string;
};

export function contactHref(kind: Props['kind'], value: string, subject?: string): string {
  if (kind === 'telephone') return phoneHref(value);
  return `mailto:${value}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

export function ContactLink({ kind, value, subject }: Props) {
  const text = value?.trim() ?? '';
  if (text === '') return <>—</>;
  return <a href={contactHref(kind, text, subject)}>{text}</a>;
}
