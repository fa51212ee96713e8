/**
 * What every e-mail the site sends shares: a plain-text and an HTML part, the shop's heading and
 * signature. Each area's messages (account/account-messages.ts, quotes/quote-messages.ts …) are
 * built with these. Links are absolute, built from APP_URL, because a mail client has no page to
 * resolve a relative link against. The shop's name and the signature come from the shop record
 * (the sender reads it with readShop).
 */
import type { Shop } from '#shared/schemas/shop.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { formatAddressLine } from '#shared/format/address.ts';

/** What an e-mail says about the shop: its name (heading, subject) and the signature. */
export type MailShop = Pick<Shop, 'name' | 'addressLines' | 'town' | 'county' | 'postcode' | 'telephone' | 'email' | 'timeZone'>;

/** The signature's lines: name, address, telephone and e-mail. */
function signatureLines(shop: MailShop): string[] {
  return [shop.name, formatAddressLine(shop), `${shop.telephone} · ${shop.email}`];
}

export function textSignature(shop: MailShop): string {
  return signatureLines(shop).join('\n');
}

/** The HTML part: the shop's heading, the paragraphs (escaped), one button, the footer and the signature. */
export function layout(
  shop: MailShop,
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): string {
  const signature = signatureLines(shop).map(escapeHtml).join('<br>');
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:6px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(shop.name)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(footer)}</p>
<p style="margin:0 0 16px;font-size:12px;color:#7b8794;word-break:break-all">If the button does not work, copy this address into your browser: ${escapeHtml(action.url)}</p>
<p style="margin:0;font-size:13px;color:#52606d;border-top:1px solid #e4e7eb;padding-top:16px">${signature}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}
