import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import { defaultLanguage, isLanguage, languages, type Language } from '#shared/locales.ts';
import { IssueError } from './newsletter-issue.ts';
import type { NewsletterIssuesService } from './newsletter-issues.service.ts';

/**
 * `npm run newsletter:send -- FILE.md [--language de-CH] [--topic id ...]`
 * (scripts/newsletter-send.ts), without the process around it: parses the arguments,
 * reads the issue, queues it through the newsletter, prints, and answers the exit code.
 */
const usage = [
  `Usage: npm run newsletter:send -- FILE.md [--language ${languages.join('|')}] [--topic ID ...]`,
  'Queues the issue in FILE.md (Markdown; its first heading is the subject) to every confirmed',
  `subscriber of the language (default ${defaultLanguage}) and, with --topic, only to those who chose one of`,
  'the topics. The server\'s mail worker sends it.',
].join('\n');

export interface NewsletterCliDeps {
  issues: Pick<NewsletterIssuesService, 'queueIssue'>;
  readFile: (path: string) => Promise<string>;
  print: (line: string) => void;
}

type Parsed = { file: string; language: Language; topicIds: string[] };

function parse(args: readonly string[]): Parsed | undefined {
  let file: string | undefined;
  let language: Language = defaultLanguage;
  const topicIds: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--language') {
      const value = args[++i];
      if (!isLanguage(value)) return undefined;
      language = value;
    } else if (arg === '--topic') {
      // One or more ids, up to the next option.
      const start = i;
      while (args[i + 1] !== undefined && !args[i + 1]!.startsWith('--')) topicIds.push(args[++i]!);
      if (i === start) return undefined;
    } else if (arg.startsWith('--') || file !== undefined) {
      return undefined;
    } else {
      file = arg;
    }
  }
  return file === undefined ? undefined : { file, language, topicIds };
}

export async function runNewsletterSendCommand(args: readonly string[], deps: NewsletterCliDeps): Promise<number> {
  const { issues, print } = deps;
  const parsed = parse(args);
  if (!parsed) {
    print(usage);
    return 2;
  }
  try {
    const markdown = await deps.readFile(parsed.file);
    const { subject, queued } = await issues.queueIssue({ markdown, language: parsed.language, topicIds: parsed.topicIds });
    const topics = parsed.topicIds.length > 0 ? ` who chose ${parsed.topicIds.join(', ')}` : '';
    print(`Queued "${subject}" to ${queued} confirmed subscriber${queued === 1 ? '' : 's'} (${parsed.language})${topics}.`);
    return 0;
  } catch (error) {
    if (error instanceof IssueError) {
      print(`Refused: ${error.message}`);
      return 1;
    }
    if (error instanceof AppError) {
      const problems = error.fieldErrors.map((fieldError) => `${fieldError.field.replace(/^topicIds\.(\d+)$/, (_m, n: string) => `--topic ${parsed.topicIds[Number(n)]}`)}: ${translate('en-US', fieldError.message)}`);
      print(`Refused: ${problems.join('; ') || translate('en-US', error.messageKey)}`);
      return 1;
    }
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      print(`Refused: ${parsed.file} does not exist.`);
      return 1;
    }
    throw error;
  }
}
