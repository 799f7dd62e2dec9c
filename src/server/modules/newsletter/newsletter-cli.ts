import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import { defaultLanguage, isLanguage, languages, type Language } from '#shared/locales.ts';
import { IssueError } from './newsletter-issue.ts';
import type { NewsletterIssuesService } from './newsletter-issues.service.ts';

/**
 * `npm run newsletter:send -- FILE.md [--language de-CH] [--topic id ...]`
 * (scripts/newsletter-send.ts), without the process around it: parses the arguments,
 * refuses when the mails would not go out, reads the issue, schedules it through the
 * newsletter (the server's sending job sends it, as an issue written in the back office),
 * prints what will happen, and answers the exit code.
 */
const usage = [
  `Usage: npm run newsletter:send -- FILE.md [--language ${languages.join('|')}] [--topic ID ...]`,
  'Schedules the issue in FILE.md (Markdown; its first heading is the subject) for now, to every',
  `confirmed subscriber of the language (default ${defaultLanguage}) and, with --topic, only to those who chose`,
  "one of the topics. The server's sending job sends it; the back office shows how far it got.",
].join('\n');

export interface NewsletterCliDeps {
  issues: Pick<NewsletterIssuesService, 'scheduleFromFile'>;
  readFile: (path: string) => Promise<string>;
  print: (line: string) => void;
  /** Where the mails would go: SMTP_URL is set (else they would only become files), and which database the server would read. */
  delivery: { smtp: boolean; database: 'pglite' | 'postgres'; mailsPerMinute: number };
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
  const { issues, print, delivery } = deps;
  const parsed = parse(args);
  if (!parsed) {
    print(usage);
    return 2;
  }
  if (!delivery.smtp) {
    print('Refused: SMTP_URL is not set, so the mails would only be written as files under DATA_DIR/mail/ and reach nobody. Set SMTP_URL as for the server, and run again.');
    return 1;
  }
  try {
    const markdown = await deps.readFile(parsed.file);
    const { subject, recipients } = await issues.scheduleFromFile({ markdown, language: parsed.language, topicIds: parsed.topicIds, createdBy: 'newsletter:send' });
    const topics = parsed.topicIds.length > 0 ? ` who chose ${parsed.topicIds.join(', ')}` : '';
    print(`Scheduled "${subject}" for now, to ${recipients} confirmed subscriber${recipients === 1 ? '' : 's'} (${parsed.language})${topics}.`);
    print(
      delivery.database === 'pglite'
        ? 'No server is running on this embedded database: the issue goes out when the server starts (npm start), at most ' +
            `${delivery.mailsPerMinute} mails a minute. The back office's Newsletter page shows how far it got.`
        : `A server running on this DATABASE_URL sends it, at most ${delivery.mailsPerMinute} mails a minute; none is sent while no server runs. ` +
            "The back office's Newsletter page shows how far it got.",
    );
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
