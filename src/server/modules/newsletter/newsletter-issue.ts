import { urlOf } from '#shared/contract.ts';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { apiBase } from '#shared/paths.ts';
import { escapeHtml } from '../mail/mail-html.rules.ts';

/**
 * The issue Markdown: a small, strict subset, so that what staff write can never put
 * markup of its own into a mail. Understood: headings (`#` to `######`), paragraphs, lists
 * (`-`, `*`, `1.`), `**bold**`, `*italic*`, `` `code` ``, links `[text](https://…)`
 * (http, https and mailto only; any other target stays text) and images `![text](…)` —
 * an https address, or the address of an image uploaded in the back office (made absolute
 * with PUBLIC_URL); any other image stays text. Everything else is text, escaped before
 * any of this is read. An issue of `npm run newsletter:send -- FILE.md` takes its first
 * heading as the subject; the Markdown itself is always the text part.
 */
export interface NewsletterIssue {
  subject: string;
  /** The Markdown as written, for the text part. */
  text: string;
  /** The body's HTML, for the mail layout. */
  html: string;
}

export class IssueError extends Error {}

const headingPattern = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const bulletPattern = /^\s*[-*]\s+/;
const numberPattern = /^\s*\d+[.)]\s+/;

/** The address of uploaded images, `/api/newsletter/images/{id}`, without the id. */
const uploadedImagePrefix = `${apiBase}${urlOf(newsletterAdminCalls.newsletterImage, { params: { id: '' } })}`;
const uploadedImagePattern = new RegExp(`^${uploadedImagePrefix.replace(/[/.]/g, '\\$&')}[0-9a-f-]{36}$`);

/** Where an image's address leads in the mail, or undefined for one that stays text. */
function imageSource(target: string, publicUrl: string): string | undefined {
  if (/^https:\/\//i.test(target)) return target;
  if (uploadedImagePattern.test(target)) return new URL(target, publicUrl).toString();
  return undefined;
}

/** Inline Markdown on text that is already escaped; images first, as their syntax holds a link's. */
function inline(escaped: string, publicUrl: string): string {
  return escaped
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (whole, alt: string, target: string) => {
      const source = imageSource(target, publicUrl);
      return source ? `<img src="${source}" alt="${alt}" style="max-width:100%;height:auto">` : whole;
    })
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/(?<!!)\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, target: string) =>
      /^(https?:\/\/|mailto:)/i.test(target) ? `<a href="${target}">${label}</a>` : whole,
    )
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>');
}

/** One block (lines between blank lines) as HTML: headings, a list, or a paragraph. */
function blockHtml(lines: string[], publicUrl: string): string {
  const text = (line: string) => inline(escapeHtml(line.trim()), publicUrl);
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const flush = () => {
    if (paragraph.length > 0) out.push(`<p>${paragraph.map(text).join('<br>')}</p>`);
    if (list) {
      const tag = list.ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${list.items.map((item) => `<li>${text(item)}</li>`).join('')}</${tag}>`);
    }
    paragraph = [];
    list = undefined;
  };
  for (const line of lines) {
    const heading = headingPattern.exec(line);
    const bullet = bulletPattern.test(line);
    const numbered = numberPattern.test(line);
    if (heading) {
      flush();
      const level = Math.min(heading[1]!.length, 3);
      out.push(`<h${level}>${text(heading[2] ?? '')}</h${level}>`);
    } else if (bullet || numbered) {
      if (paragraph.length > 0 || (list && list.ordered !== numbered)) flush();
      list ??= { ordered: numbered, items: [] };
      list.items.push(line.replace(bullet ? bulletPattern : numberPattern, ''));
    } else if (list && /^\s+\S/.test(line)) {
      // A continued list item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out.join('\n');
}

const normalised = (markdown: string) => markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();

/** The HTML of issue Markdown; `publicUrl` makes the addresses of uploaded images absolute. */
export function renderMarkdown(markdown: string, publicUrl: string): string {
  return normalised(markdown)
    .split(/\n\s*\n/)
    .map((block) => blockHtml(block.split('\n'), publicUrl))
    .join('\n');
}

/** An issue of one Markdown file (the command line): its first heading is the subject. */
export function renderIssue(markdown: string, publicUrl = 'http://localhost'): NewsletterIssue {
  const source = normalised(markdown);
  const subject = source
    .split('\n')
    .map((line) => headingPattern.exec(line)?.[2]?.trim())
    .find((heading) => heading);
  if (!subject) throw new IssueError('The issue needs a heading (a line starting with #): it becomes the subject.');
  return { subject, text: source, html: renderMarkdown(source, publicUrl) };
}
