import { companyParams } from '#shared/company.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths, appUrl } from '#shared/paths.ts';

/** Escapes text for HTML mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Paragraphs of text (blank-line separated) as HTML, newlines kept. */
export function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * The frame every mail shares: readable without images, at most 600 px wide, in the mail's
 * language and titled with its subject (what a mail program or a screen reader names the
 * HTML part by, and what a browser shows when the part is opened on its own). A preheader
 * (the line mail programs show after the subject in the list) comes first, hidden in the
 * mail itself.
 */
export function mailLayout(language: string, subject: string, body: string, preheader?: string): string {
  const hidden = preheader
    ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>\n`
    : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1b1f24;line-height:1.5">
${hidden}<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px">
<p style="font-weight:bold;font-size:18px;margin-top:0">CyberSafe Academy</p>
${body}
</div></body></html>`;
}

/** A row of a mail's amounts table: a label (with a muted line under it), its value; `strong` sets a total apart. */
export interface AmountRow {
  label: string;
  detail?: string;
  value: string;
  strong?: boolean;
}

/** The amounts of a cart or an order as a table: values right-aligned, a total set apart by a rule. */
export function amountsTable(rows: AmountRow[]): string {
  const strongStyle = ';font-weight:bold;border-top:1px solid #c9d1dc';
  return `<table style="width:100%;border-collapse:collapse">${rows
    .map(
      ({ label, detail, value, strong }) =>
        `<tr><td style="padding:4px 8px 4px 0${strong ? strongStyle : ''}">${escapeHtml(label)}${detail ? `<br><span style="color:#4a5360">${escapeHtml(detail)}</span>` : ''}</td>` +
        `<td style="padding:4px 0;text-align:right;white-space:nowrap${strong ? strongStyle : ''}">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
}

/** A link as a button, followed by the address itself for mail programs that hide buttons. */
export function linkButton(link: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
<p style="word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
}

/** Whom a customer mail greets: what is known of their name and, where a form asked, their gender (`MALE`, `FEMALE`, `OTHER`). */
export interface Addressee {
  /** Or the full name where only that is known (an invoice prints it whole). */
  firstName?: string | null;
  lastName?: string | null;
  gender?: string | null;
}

/** A name on one line, without the spaces a form let through. */
const oneLine = (name: string | null | undefined) => (name ?? '').replace(/\s+/g, ' ').trim();

/**
 * The formal greeting of a customer mail, in its language: by title and last name where
 * the gender is known ("Guten Tag Herr Becker", "Dear Mr Becker"), else by the full name
 * ("Guten Tag Jonas Becker", "Dear Jonas Becker"), else to whoever reads it ("Sehr geehrte
 * Damen und Herren", "Dear Sir or Madam"): an accounts department is not greeted by a
 * first name.
 */
export function greeting(language: Language, person: Addressee): string {
  const lastName = oneLine(person.lastName);
  if (lastName && (person.gender === 'MALE' || person.gender === 'FEMALE')) return translate(language, `mail.salutation.${person.gender}`, { lastName });
  const name = oneLine(`${oneLine(person.firstName)} ${lastName}`);
  return name ? translate(language, 'mail.salutation.name', { name }) : translate(language, 'mail.salutation.unknown');
}

/**
 * The end of every mail to a buyer (order confirmation, invoices, credit notes, reminder
 * statements, notice): the link to their account, where all their orders and invoices are
 * (docs/product/account.md), then the signature; as plain text and as HTML.
 */
export function customerMailEnd(language: Language, publicUrl: string): { text: string; html: string } {
  const account = new URL(appUrl(appPaths.account()), publicUrl).toString();
  const label = translate(language, 'accountMail.yourAccount');
  const signature = translate(language, 'mail.signature', companyParams);
  return {
    text: `${label}: ${account}\n\n${signature}`,
    html: `<p><a href="${escapeHtml(account)}">${escapeHtml(label)}</a></p>\n${paragraphs(signature)}`,
  };
}
