import { escapeHtml } from '../mail/mail-html.rules.ts';

/**
 * A newsletter issue written in Markdown (`npm run newsletter:send -- FILE.md`): the first
 * heading is the subject, the Markdown itself is the text part, and a simple HTML part is
 * made of it. Understood: headings (`#` to `######`), paragraphs, lists (`-`, `*`, `1.`),
 * `**bold**`, `*italic*`, `` `code` `` and links `[text](https://…)` (http, https and
 * mailto only; any other target stays text). Everything else is text, escaped.
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

/** Inline Markdown on text that is already escaped. */
function inline(escaped: string): string {
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, target: string) =>
      /^(https?:\/\/|mailto:)/i.test(target) ? `<a href="${target}">${label}</a>` : whole,
    )
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>');
}

const text = (line: string) => inline(escapeHtml(line.trim()));

/** One block (lines between blank lines) as HTML: headings, a list, or a paragraph. */
function blockHtml(lines: string[]): string {
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

export function renderIssue(markdown: string): NewsletterIssue {
  const source = markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  const subject = source
    .split('\n')
    .map((line) => headingPattern.exec(line)?.[2]?.trim())
    .find((heading) => heading);
  if (!subject) throw new IssueError('The issue needs a heading (a line starting with #): it becomes the subject.');
  const blocks = source.split(/\n\s*\n/).map((block) => block.split('\n'));
  return { subject, text: source, html: blocks.map(blockHtml).join('\n') };
}
