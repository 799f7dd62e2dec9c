import type { FastifyBaseLogger } from 'fastify';
import { commandLineActor, type AuditActor, type AuditService } from '#server/modules/audit/audit.service.ts';
import type { Db } from '#server/db/client.ts';
import { urlOf } from '#shared/contract.ts';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { AppError } from '#shared/errors.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import { translate, translateAll } from '#shared/i18n/messages.ts';
import { languages, type Language } from '#shared/locales.ts';
import { apiBase } from '#shared/paths.ts';
import type { FormMessagesResponse } from '#shared/schemas/forms.ts';
import { issueLimits, type Issue, type IssueEdition, type IssueInput, type IssuePreview, type Segment } from '#shared/schemas/newsletter-issues.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import { createLinkToken } from '../contacts/link-tokens.rules.ts';
import { renderIssue, renderMarkdown, type NewsletterIssue } from './newsletter-issue.ts';
import { issueMail, listHeaders, newsletterLinks } from './newsletter.mails.ts';
import * as repo from './newsletter-issues.repository.ts';
import { checkTopics } from './newsletter-topics.ts';
import { insertTokens } from './newsletter.repository.ts';

/** The issues the back office lists, newest first. */
const listLimit = 200;

/**
 * How an issue is paced at `perMinute` mails a minute: batches of a tenth of a minute's
 * mails (at least one), each followed by the pause that keeps the rate.
 */
function batchPlan(perMinute: number): { size: number; pauseSeconds: number } {
  const size = Math.max(1, Math.ceil(perMinute / 6));
  return { size, pauseSeconds: (size * 60) / perMinute };
}

/** The kinds of image staff may upload, told by their first bytes (never by what the browser says). */
function imageTypeOf(content: Buffer): string | undefined {
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (/^GIF8[79]a/.test(content.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (content.subarray(0, 4).toString('latin1') === 'RIFF' && content.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

const notFound = () => new AppError('notFound');
const notDraft = () => new AppError('conflict', 'error.newsletterIssue.notDraft');

/**
 * Newsletter issues (docs/product/newsletter.md#issues-from-the-back-office): written in
 * the back office per language, sent to a segment of the confirmed subscribers, now or at
 * a time, by the sending job at NEWSLETTER_MAILS_PER_MINUTE. When an issue starts, its
 * recipients are written, one row each; each batch queues their mails in the outbox in the
 * transaction that marks the rows, so an interrupted sending resumes where it stopped and
 * nobody gets an issue twice. The command line (newsletter-cli.ts) schedules an issue the
 * same way.
 */
export function createNewsletterIssuesService(deps: {
  db: Db;
  outbox: Pick<OutboxService, 'queue' | 'deliveries'>;
  mail: MailSettings;
  publicUrl: string;
  /** NEWSLETTER_MAILS_PER_MINUTE. */
  mailsPerMinute: number;
  /** Called after mails were queued, so the mail worker sends them now. */
  onMailQueued?: () => void;
  /** The audit log: every staff change of an issue is recorded in its transaction. */
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, outbox, mail, publicUrl, audit } = deps;
  const issueTarget = (id: string) => ({ kind: 'newsletterIssue', id });
  const subjectsOf = (input: IssueInput) => Object.values(input.editions).map((edition) => edition.subject).filter(Boolean).join(' / ');
  const plan = batchPlan(deps.mailsPerMinute);

  async function issueOf(tx: Db, row: repo.IssueRow): Promise<Issue> {
    // One after the other: in a transaction both would go to its one connection at once.
    const counts = await repo.recipientCounts(tx, row.id);
    const deliveries = await outbox.deliveries(repo.issueMailIds(row.id), tx);
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return {
      id: row.id,
      status: row.status,
      editions: row.editions,
      segment: row.segment,
      sendAt: iso(row.sendAt),
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      stats: { ...counts, ...deliveries },
    };
  }

  async function found(tx: Db, id: string, lock = false): Promise<repo.IssueRow> {
    const row = await repo.findIssue(tx, id, lock);
    if (!row) throw notFound();
    return row;
  }

  /** The editions the segment reaches, rendered. */
  function editionsOf(row: Pick<repo.IssueRow, 'editions' | 'segment'>): { language: Language; edition: IssueEdition; issue: NewsletterIssue }[] {
    return languages
      .filter((language) => row.segment.languages.includes(language))
      .map((language) => {
        const edition = row.editions[language];
        return { language, edition, issue: { subject: edition.subject, text: edition.body, html: renderMarkdown(edition.body, publicUrl) } };
      });
  }

  /** Only what the segment reaches is kept; the other language's texts are kept too, as typed. */
  async function checkInput(input: IssueInput): Promise<void> {
    await checkTopics(db, input.segment.topicIds, 'segment.topicIds');
  }

  /** One batch of the issue that is due: mails queued (or recipients skipped) in one transaction. */
  async function sendBatch(): Promise<{ issueId: string; queued: number } | undefined> {
    return db.transaction(async (tx) => {
      const row = await repo.lockIssueDueForBatch(tx);
      if (!row) return undefined;
      const editions = new Map(editionsOf(row).map((entry) => [entry.language, entry]));
      const batch = await repo.pendingRecipients(tx, row.id, plan.size);
      let queued = 0;
      const withTokens = batch.map((recipient) => ({ ...recipient, ...createLinkToken() }));
      const sending = withTokens.filter((recipient) => recipient.status === 'CONFIRMED' && editions.has(recipient.language));
      await insertTokens(
        tx,
        sending.map((recipient) => ({ tokenHash: recipient.hash, contactId: recipient.contactId, validSeconds: null })),
      );
      for (const recipient of withTokens) {
        const entry = editions.get(recipient.language);
        if (!sending.includes(recipient) || !entry) {
          // Unsubscribed (or no longer confirmed) since the issue started: skipped.
          await repo.markRecipient(tx, row.id, recipient.contactId, 'SKIPPED');
          continue;
        }
        const mailId = await outbox.queue(
          mail,
          {
            to: recipient.email,
            ...issueMail({
              issue: entry.issue,
              preheader: entry.edition.preheader,
              language: recipient.language,
              email: recipient.email,
              link: newsletterLinks(recipient.token, publicUrl).preferences,
            }),
            headers: listHeaders({ token: recipient.token, publicUrl, sender: mail, language: recipient.language }),
          },
          tx,
        );
        await repo.markRecipient(tx, row.id, recipient.contactId, { mailId });
        queued++;
      }
      await repo.finishBatch(tx, row.id, plan.pauseSeconds);
      return { issueId: row.id, queued };
    });
  }

  return {
    async list(): Promise<{ issues: Issue[] }> {
      const rows = await repo.listIssues(db, listLimit);
      return { issues: await Promise.all(rows.map((row) => issueOf(db, row))) };
    },

    async get(id: string): Promise<Issue> {
      return issueOf(db, await found(db, id));
    },

    async create(input: IssueInput, staff: AuditActor): Promise<Issue> {
      await checkInput(input);
      return db.transaction(async (tx) => {
        const row = await repo.insertIssue(tx, { editions: input.editions, segment: input.segment, createdBy: staff.email });
        await audit.record(staff, { action: 'newsletterIssue.create', target: issueTarget(row.id), summary: subjectsOf(input) }, tx);
        return issueOf(tx, row);
      });
    },

    /** Changes a draft; an issue scheduled, sending or sent answers 409. */
    async update(id: string, input: IssueInput, staff: AuditActor): Promise<Issue> {
      await checkInput(input);
      return db.transaction(async (tx) => {
        const row = await found(tx, id, true);
        if (row.status !== 'DRAFT') throw notDraft();
        await audit.record(staff, { action: 'newsletterIssue.update', target: issueTarget(id), summary: subjectsOf(input) }, tx);
        return issueOf(tx, await repo.updateIssue(tx, id, { editions: input.editions, segment: input.segment }));
      });
    },

    async remove(id: string, staff: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await found(tx, id, true);
        if (row.status !== 'DRAFT') throw notDraft();
        await repo.deleteIssue(tx, id);
        await audit.record(staff, { action: 'newsletterIssue.delete', target: issueTarget(id) }, tx);
      });
    },

    /** How many confirmed subscribers the segment reaches now. */
    async countSegment(segment: Segment): Promise<{ recipients: number }> {
      await checkTopics(db, segment.topicIds);
      return { recipients: await repo.countSegment(db, segment) };
    },

    /** Each edition the segment reaches, as its mail shows it (with a preference link that leads nowhere). */
    async preview(id: string): Promise<IssuePreview> {
      const row = await found(db, id);
      return {
        editions: editionsOf(row).map(({ language, edition, issue }) => {
          const mailOf = issueMail({ issue, preheader: edition.preheader, language, email: translate(language, 'newsletterMail.issue.previewAddress'), link: publicUrl });
          return { language, subject: issue.subject, preheader: edition.preheader, html: mailOf.html, text: mailOf.text };
        }),
      };
    },

    /** Each edition the segment reaches to the staff member's own address, the subject marked as a test; no token, no list headers. */
    async sendTest(id: string, staff: AuditActor): Promise<FormMessagesResponse> {
      const staffEmail = staff.email;
      const row = await found(db, id);
      await db.transaction(async (tx) => {
        await audit.record(staff, { action: 'newsletterIssue.test', target: issueTarget(id) }, tx);
        for (const { language, edition, issue } of editionsOf(row)) {
          const content = issueMail({ issue, preheader: edition.preheader, language, email: staffEmail, link: publicUrl });
          await outbox.queue(mail, { to: staffEmail, ...content, subject: `${translate(language, 'newsletterMail.issue.testPrefix')} ${issue.subject}` }, tx);
        }
      });
      deps.onMailQueued?.();
      return { messages: [{ translations: translateAll('newsletterIssues.test.sent', { email: staffEmail }) }] };
    },

    /**
     * Sends a draft now (no `sendAt`, or one that has passed) or at `sendAt`; a scheduled
     * issue can be moved. The sending job starts it when it is due.
     */
    async schedule(id: string, sendAt: string | undefined, staff: AuditActor): Promise<Issue> {
      const issue = await db.transaction(async (tx) => {
        const row = await found(tx, id, true);
        if (row.status !== 'DRAFT' && row.status !== 'SCHEDULED') throw notDraft();
        const at = sendAt ? new Date(sendAt) : new Date();
        // A time that has passed is a mistake rather than "now", which has its own button.
        if (at.getTime() < Date.now() - 60_000) throw AppError.field('sendAt', 'invalid', 'error.sendAtPast');
        await audit.record(staff, { action: 'newsletterIssue.schedule', target: issueTarget(id), summary: `to send at ${at.toISOString()}` }, tx);
        return issueOf(tx, await repo.updateIssue(tx, id, { status: 'SCHEDULED', sendAt: at }));
      });
      return issue;
    },

    /** A scheduled issue becomes a draft again (before the job starts it). */
    async unschedule(id: string, staff: AuditActor): Promise<Issue> {
      return db.transaction(async (tx) => {
        const row = await found(tx, id, true);
        if (row.status !== 'SCHEDULED') throw notDraft();
        await audit.record(staff, { action: 'newsletterIssue.unschedule', target: issueTarget(id) }, tx);
        return issueOf(tx, await repo.updateIssue(tx, id, { status: 'DRAFT', sendAt: null }));
      });
    },

    /** Stores an uploaded image (PNG, JPEG, GIF or WebP by its bytes) and answers the address that serves it. */
    async storeImage(base64: string): Promise<{ id: string; url: string }> {
      const content = Buffer.from(base64, 'base64');
      if (content.length > issueLimits.imageBytes) throw AppError.validation([{ field: 'content', code: 'tooLarge', message: 'error.imageTooLarge' }]);
      const mediaType = imageTypeOf(content);
      if (!mediaType) throw AppError.validation([{ field: 'content', code: 'invalid', message: 'error.imageFile' }]);
      const id = await repo.insertImage(db, { mediaType, content });
      return { id, url: `${apiBase}${urlOf(newsletterAdminCalls.newsletterImage, { params: { id } })}` };
    },

    async image(id: string): Promise<{ mediaType: string; content: Buffer }> {
      const image = await repo.findImage(db, id);
      if (!image) throw notFound();
      return image;
    },

    /**
     * `npm run newsletter:send -- FILE.md`: the file as an issue of one language (its first
     * heading the subject), to the confirmed subscribers of that language and of one of
     * the topics, scheduled now. Answers the subject and how many it reaches now.
     */
    async scheduleFromFile(options: { markdown: string; language: Language; topicIds: string[]; createdBy: string }): Promise<{ id: string; subject: string; recipients: number }> {
      const rendered = renderIssue(options.markdown, publicUrl);
      await checkTopics(db, options.topicIds);
      const segment: Segment = { languages: [options.language], roles: [], experienceLevels: [], topicIds: [...new Set(options.topicIds)] };
      const edition: IssueEdition = { subject: rendered.subject.slice(0, issueLimits.subject), preheader: '', body: rendered.text };
      const editions = forEveryLanguage((language): IssueEdition => (language === options.language ? edition : { subject: '', preheader: '', body: '' }));
      return db.transaction(async (tx) => {
        const row = await repo.insertIssue(tx, { editions, segment, createdBy: options.createdBy });
        await repo.updateIssue(tx, row.id, { status: 'SCHEDULED', sendAt: new Date() });
        await audit.record(commandLineActor, { action: 'newsletterIssue.schedule', target: issueTarget(row.id), summary: `${rendered.subject}, to send now` }, tx);
        return { id: row.id, subject: rendered.subject, recipients: await repo.countSegment(tx, segment) };
      });
    },

    /**
     * One pass of the sending job: starts the issues that are due, then queues every batch
     * that is due (one per issue per pause). Answers how many mails were queued.
     */
    async runSendingOnce(): Promise<number> {
      while (await db.transaction((tx) => repo.startDueIssue(tx))) {
        // Every due issue is started first.
      }
      let queued = 0;
      for (;;) {
        const batch = await sendBatch();
        if (!batch) break;
        queued += batch.queued;
      }
      if (queued > 0) deps.onMailQueued?.();
      return queued;
    },
  };
}

export type NewsletterIssuesService = ReturnType<typeof createNewsletterIssuesService>;

/**
 * The sending job: a pass at start and then every `intervalMs` (default 5 s), one at a
 * time; `wake` runs one now (after an issue is sent now). Started with the other workers.
 */
export function createNewsletterSendingJob(deps: { issues: Pick<NewsletterIssuesService, 'runSendingOnce'>; log: FastifyBaseLogger; intervalMs?: number }) {
  const intervalMs = deps.intervalMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const pass = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = deps.issues
      .runSendingOnce()
      .then((queued) => {
        if (queued > 0) deps.log.info({ queued }, 'newsletter mails queued');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'newsletter sending failed'))
      .finally(() => {
        running = undefined;
        if (again && timer) {
          again = false;
          pass();
        }
      });
  };

  return {
    start(): void {
      if (timer) return;
      timer = setInterval(pass, intervalMs);
      timer.unref();
      pass();
    },
    wake(): void {
      if (timer) pass();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
