import type { Db } from '#server/db/client.ts';
import { createMessagesPersonalDataService } from '#server/modules/messages/messages-personal-data.service.ts';
import { createNewsletterPersonalDataService } from '#server/modules/newsletter/newsletter-personal-data.service.ts';
import { createWebinarsPersonalDataService } from '#server/modules/webinars/webinars-personal-data.service.ts';

/** The modules' parts of a person's data that a contacts service made by a test asks, as app.ts hands them over. */
export function personalDataParts(db: Db) {
  return {
    messages: createMessagesPersonalDataService({ db }),
    webinars: createWebinarsPersonalDataService({ db }),
    newsletter: createNewsletterPersonalDataService({ db }),
  };
}
