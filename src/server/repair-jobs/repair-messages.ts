/** The repair e-mails' words (repair-mail.ts renders them). */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';

/** What the repair e-mails say about the job (repair-jobs/). */
export interface RepairMailFacts {
  name: string;
  reference: string;
  vehicle: string;
  registration: string | null;
}

function vehicleOf(job: RepairMailFacts): string {
  return job.registration ? `${job.vehicle} (${job.registration})` : job.vehicle;
}

/** The private tracker link, sent when the shop opens the job. */
export function repairJobCreatedMessage(options: {
  to: string;
  job: RepairMailFacts;
  promisedReady: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `Follow the repair of your ${options.job.vehicle} - ${options.shop.name}`;
  const intro = `Hello ${options.job.name},`;
  const body = `Your ${vehicleOf(options.job)} is booked in with us (reference ${options.job.reference}). We expect it to be ready on ${options.promisedReady}.`;
  const next = 'Your private tracker shows where the repair is, the photos we share with you, and lets you send us a message.';
  const footer = 'The link is private to you: please do not share it. It stops working 30 days after you collect the vehicle.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body, next], { label: 'Follow your repair', url: options.url }, footer),
  };
}

/** The stage a job reached (one mail for several quick changes: the stage it is at when the mail goes). */
export function repairStageChangedMessage(options: {
  to: string;
  job: RepairMailFacts;
  stage: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `${options.job.vehicle}: ${options.stage} - ${options.shop.name}`;
  const intro = `Hello ${options.job.name},`;
  const body = `An update on your ${vehicleOf(options.job)} (reference ${options.job.reference}): it is now at the stage "${options.stage}".`;
  const next = 'Your tracker has the details and any photos we have shared.';
  const footer = 'The link is private to you: please do not share it.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body, next], { label: 'Open your tracker', url: options.url }, footer),
  };
}

/** The promised-ready date moved, with the reason the shop gave (the tracker shows the same). */
export function repairPromisedDateChangedMessage(options: {
  to: string;
  job: RepairMailFacts;
  previousDate: string;
  newDate: string;
  reason: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `${options.job.vehicle}: a new ready date - ${options.shop.name}`;
  const intro = `Hello ${options.job.name},`;
  const body = `We now expect your ${vehicleOf(options.job)} (reference ${options.job.reference}) to be ready on ${options.newDate}, instead of ${options.previousDate}.`;
  const why = `The reason: ${options.reason}`;
  const next = 'Your tracker has the details; you can send us a message from it.';
  const footer = 'The link is private to you: please do not share it.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${why}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body, why, next], { label: 'Open your tracker', url: options.url }, footer),
  };
}
