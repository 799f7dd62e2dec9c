import type { Db } from '#server/db/client.ts';
import type { Language } from '#shared/locales.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import { createLinkToken } from '../people/link-tokens.rules.ts';
import { renderIssue } from './newsletter-issue.ts';
import { issueMail, listHeaders, newsletterLinks } from './newsletter-mails.ts';
import { checkTopics } from './newsletter-topics.ts';
import * as repo from './newsletter.repository.ts';

/** Tokens of an issue are stored this many at a time. */
const tokenBatch = 500;

/**
 * Sending an issue (the newsletter:send CLI): queues, in one transaction, the issue to
 * every confirmed subscriber of `language` (and of one of `topicIds`, when given), each
 * mail from the newsletter's sender with a token of its own in its preference link and
 * List-Unsubscribe headers. Unknown topic ids are refused.
 */
export function createNewsletterIssuesService(deps: { db: Db; outbox: Pick<OutboxService, 'queue'>; mail: MailSettings; publicUrl: string }) {
  const { db, outbox, mail, publicUrl } = deps;
  return {
    async queueIssue(options: { markdown: string; language: Language; topicIds: string[] }): Promise<{ subject: string; queued: number }> {
      const issue = renderIssue(options.markdown);
      await checkTopics(db, options.topicIds);
      const queued = await db.transaction(async (tx) => {
        const recipients = await repo.listRecipients(tx, options.language, [...new Set(options.topicIds)]);
        for (let start = 0; start < recipients.length; start += tokenBatch) {
          const batch = recipients.slice(start, start + tokenBatch).map((recipient) => ({ ...recipient, ...createLinkToken() }));
          await repo.insertTokens(
            tx,
            batch.map((recipient) => ({ tokenHash: recipient.hash, contactId: recipient.contactId, validSeconds: null })),
          );
          for (const recipient of batch) {
            await outbox.queue(
              mail,
              {
                to: recipient.email,
                ...issueMail({ issue, language: options.language, email: recipient.email, link: newsletterLinks(recipient.token, publicUrl).preferences }),
                headers: listHeaders({ token: recipient.token, publicUrl, sender: mail, language: options.language }),
              },
              tx,
            );
          }
        }
        return recipients.length;
      });
      return { subject: issue.subject, queued };
    },
  };
}

export type NewsletterIssuesService = ReturnType<typeof createNewsletterIssuesService>;
