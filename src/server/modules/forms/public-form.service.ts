import type { Db } from '#server/db/client.ts';
import type { FormFamily } from '#shared/captcha-families.ts';
import { privacyPolicyVersion, type ConsentSource } from '#shared/consents.ts';
import type { Language } from '#shared/locales.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService, OutgoingMail } from '../mail/outbox.service.ts';
import type { ContactsService, PersonDetails } from '../contacts/contacts.service.ts';

/** One submission of a public form, with what the form adds to the common steps. */
export interface PublicFormSubmission<Checked, Stored> {
  /** The form: its consent row and a newsletter request name it. */
  source: ConsentSource;
  captcha: { solution: unknown; family: FormFamily };
  /** What the form says about the person; the contact is completed with it, never overwritten. */
  person: Omit<PersonDetails, 'preferredLanguage'>;
  /** The person's language: their contact's, their consent's, and the one of every mail. */
  language: Language;
  /**
   * The person asked for the newsletter (the form's box, or the newsletter's own form).
   * `onlyRequest`: the form asks for nothing else, so the record of an address that is a
   * confirmed subscriber already is left as it is (no gaps filled, no consent row); they
   * get their preference link (docs/decisions/016-newsletter-double-opt-in.md).
   */
  newsletter?: { topicIds?: string[] | undefined; onlyRequest?: boolean } | undefined;
  /**
   * The form's own refusals (an unknown item, a closed cart, a webinar that has started),
   * under the locks its own step needs. Runs first, so a refusal spends nothing.
   */
  check?: (tx: Db) => Promise<Checked>;
  /** The form's own step: stores what the form is for (the message, the sign-up), for the contact. */
  store?: (context: { contactId: string; checked: Checked }, tx: Db) => Promise<Stored>;
  /** The form's own mails, from the shop's sender (MAIL_FROM). */
  mails?: (context: { contactId: string; checked: Checked; stored: Stored }) => OutgoingMail[];
}

/**
 * The newsletter's double opt-in, one of the workflow's steps: the newsletter module's
 * (newsletter-opt-in.service.ts), handed over in app.ts. The newsletter's own form runs
 * through this workflow, so the forms module does not import the newsletter module.
 */
interface DoubleOptIn {
  /** The contact of the address when it is a confirmed subscriber. */
  findConfirmedSubscriber(email: string, tx: Db): Promise<string | undefined>;
  /** The double opt-in for a contact the form recorded; answers whether it queued a mail. */
  requestSubscription(request: { contactId: string; language: Language; topicIds?: string[] | undefined }, source: ConsentSource, tx: Db): Promise<boolean>;
}

/**
 * The one sequence of every public form (contact, webinar sign-up, download request,
 * saved cart, newsletter; docs/decisions/030-public-form-workflow.md), in one transaction:
 * the form's check, the captcha, the person as a contact, their consent to the privacy
 * policy, the newsletter's double opt-in when asked for, the form's own step, its mails.
 * The captcha's replay record is written in that transaction too: a submission refused or
 * failed at any step leaves nothing behind, and its solution unspent, so the visitor can
 * send the form again once the problem is fixed.
 */
export function createPublicFormService(deps: {
  db: Db;
  captcha: Pick<CaptchaService, 'verify'>;
  contacts: Pick<ContactsService, 'checkDetails' | 'recordPerson'>;
  newsletter: DoubleOptIn;
  outbox: Pick<OutboxService, 'queue'>;
  /** The shop's sender (MAIL_FROM): the forms' own mails go out from there. */
  mail: MailSettings;
  /** Called after mails were queued, so the worker sends them now rather than at its next poll. */
  onMailQueued: () => void;
}) {
  const { db, captcha, contacts, newsletter, outbox, mail, onMailQueued } = deps;

  return {
    /** Runs the form's steps in order; answers what its check and its own step returned. */
    async submit<Checked = undefined, Stored = undefined>(form: PublicFormSubmission<Checked, Stored>): Promise<{ checked: Checked; stored: Stored }> {
      const { source, language } = form;
      // A phone country not on the list is refused before anything is locked or spent.
      contacts.checkDetails(form.person);
      let queued = 0;
      const outcome = await db.transaction(async (tx) => {
        const checked = (await form.check?.(tx)) as Checked;
        await captcha.verify(form.captcha.solution, form.captcha.family, tx);
        const confirmedSubscriber = form.newsletter?.onlyRequest ? await newsletter.findConfirmedSubscriber(form.person.email, tx) : undefined;
        const contactId =
          confirmedSubscriber ??
          (await contacts.recordPerson(
            { ...form.person, preferredLanguage: language },
            source,
            [{ subject: 'DATA_PRIVACY', granted: true, textVersion: privacyPolicyVersion, language }],
            tx,
          ));
        if (form.newsletter && (await newsletter.requestSubscription({ contactId, language, topicIds: form.newsletter.topicIds }, source, tx))) queued++;
        const stored = (await form.store?.({ contactId, checked }, tx)) as Stored;
        for (const outgoing of form.mails?.({ contactId, checked, stored }) ?? []) {
          await outbox.queue(mail, outgoing, tx);
          queued++;
        }
        return { checked, stored };
      });
      if (queued > 0) onMailQueued();
      return outcome;
    },
  };
}

export type PublicFormService = ReturnType<typeof createPublicFormService>;
