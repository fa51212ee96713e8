/** The dashboard's (and the Outgoing mail screen's) warning when mail has been failing for more than 15 minutes. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { MAIL_FAILING_WARNING_MINUTES } from '#shared/limits.ts';
import { screenHrefWithQuery } from '#client/lib/screen-links.ts';

export function MailFailingWarning({ link = false }: { link?: boolean }) {
  const summary = useQuery({ ...trpc.outgoingMail.summary.queryOptions({}), refetchInterval: 60_000 });
  if (!summary.data?.warning) return null;
  return (
    <Alert tone="error">
      E-mail has been failing for more than {MAIL_FAILING_WARNING_MINUTES} minutes: the site keeps trying, but customers are not getting
      their mail. Check the mail server settings (SMTP_URL).{' '}
      {link && <Link href={screenHrefWithQuery('adminMail', { status: 'queued' })}>See the outgoing mail</Link>}
    </Alert>
  );
}
