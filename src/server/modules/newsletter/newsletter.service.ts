import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import type { CaptchaService } from '#server/modules/captcha/captcha.service.ts';
import { AppError } from '#shared/errors.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { FormMessagesResponse, NewsletterSubscription, NewsletterTopic } from '#shared/schemas/forms.ts';
import * as repo from './newsletter.repository.ts';

/** 32 random bytes: the preferences link (`/newsletter/{token}/`) cannot be guessed. */
function createSubscriberToken(): string {
  return randomBytes(32).toString('base64url');
}

export function createNewsletterService(deps: { db: Db; captcha: Pick<CaptchaService, 'verify'> }) {
  const { db, captcha } = deps;

  return {
    /** The topics a subscriber can choose, titled in `language` (en-US when a title is missing). */
    async listTopics(language: Language): Promise<NewsletterTopic[]> {
      const rows = await repo.listTopics(db);
      return rows.map((row) => ({ id: row.id, title: row.titles[language] ?? row.titles['en-US'] ?? row.id }));
    },

    /**
     * Subscribes, or updates the subscriber with the same e-mail address. The answer is
     * the same either way, so the form does not tell who is subscribed already. The
     * captcha is checked last among the refusals, so a solution is only spent by a
     * submission that is otherwise accepted.
     */
    async subscribe(payload: NewsletterSubscription, requestLanguage: Language): Promise<FormMessagesResponse> {
      if (payload.topicIds && payload.topicIds.length > 0) {
        const known = await repo.findExistingTopicIds(db, payload.topicIds);
        const unknownIndex = payload.topicIds.findIndex((id) => !known.has(id));
        if (unknownIndex >= 0) throw AppError.field(`topicIds.${unknownIndex}`, 'invalidOption', 'error.invalidOption');
      }
      await captcha.verify(payload.captchaSolution, 'forms');
      await repo.upsertSubscriber(
        db,
        {
          email: payload.email.toLowerCase(),
          firstName: payload.firstName,
          lastName: payload.lastName,
          gender: payload.gender,
          companyName: payload.companyName,
          phoneCountryCode: payload.phoneNumber === undefined ? undefined : payload.phoneCountryCode,
          phoneNumber: payload.phoneNumber,
          role: payload.role,
          experienceLevel: payload.experienceLevel,
          topicIds: payload.topicIds === undefined ? undefined : [...new Set(payload.topicIds)],
          preferredLanguage: payload.preferredLanguage ?? requestLanguage,
        },
        createSubscriberToken(),
      );
      return { messages: [{ translations: translateAll('forms.newsletter.confirmation') }] };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
