import type { Db } from '#server/db/client.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import { csvDocument } from '#server/http/csv.ts';
import type { ConsentSource, ConsentSubject } from '#shared/consents.ts';
import { AppError } from '#shared/errors.ts';
import { isMessageKey, translate, translateAll } from '#shared/i18n/messages.ts';
import { isLanguage, type Language } from '#shared/locales.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { FormMessagesResponse } from '#shared/schemas/forms.ts';
import { newsletterStatuses, type NewsletterStatus } from '#shared/schemas/newsletter.ts';
import type { ContactList, ContactListQuery, ContactRecord } from '#shared/schemas/contacts.ts';
import { findCountry, printedPhone } from '../geo/countries.rules.ts';
import { nationalPhoneNumber } from '#shared/phone.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { deletionMail } from './contact.mails.ts';
import { createLinkToken, hashLinkToken } from './link-tokens.rules.ts';
import * as repo from './contacts.repository.ts';

/** What a form tells about a person; absent fields are left as they are. */
export interface PersonDetails {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  gender?: string | undefined;
  companyName?: string | undefined;
  phoneCountryCode?: string | undefined;
  phoneNumber?: string | undefined;
  role?: string | undefined;
  experienceLevel?: string | undefined;
  preferredLanguage?: Language | undefined;
}

/** One statement of consent (or its withdrawal, `granted: false`), as given on a form. */
export interface ConsentStatement {
  subject: ConsentSubject;
  granted: boolean;
  textVersion: string;
  language: Language;
}

/** A contact as the other modules need it: whom to write to, how to greet, in which language, and their choices. */
export interface Contact {
  id: string;
  email: string;
  firstName: string | null;
  role: string | null;
  experienceLevel: string | null;
  preferredLanguage: Language | null;
}

/** The key of a person: the e-mail address, trimmed and lower-cased. */
const contactEmail = (email: string): string => email.trim().toLowerCase();

/** How long the link of a deletion mail works, and how often such a mail can go to one person. */
const deletionValidSeconds = 24 * 60 * 60;
const deletionMailIntervalSeconds = 10 * 60;

const iso = (date: Date | string): string => new Date(date).toISOString();
const isoOrNull = (date: Date | string | null): string | null => (date === null ? null : iso(date));
const nameOf = (row: { firstName: string | null; lastName: string | null }) => [row.firstName, row.lastName].filter(Boolean).join(' ');
const statusOf = (value: string | null): NewsletterStatus | null =>
  value !== null && (newsletterStatuses as readonly string[]).includes(value) ? (value as NewsletterStatus) : null;
const languageOf = (value: string | null): Language | null => (isLanguage(value) ? value : null);

const contactOf = (row: repo.ContactRow): Contact => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  role: row.role,
  experienceLevel: row.experienceLevel,
  preferredLanguage: languageOf(row.preferredLanguage),
});

/**
 * Another module's part of a person's erasure, in the erasure's transaction: the staff
 * module's (staff-erasure.service.ts), handed over in app.ts. The staff module uses the
 * contacts' link tokens, so the contacts module does not import it.
 */
/** A stored time, as the modules' rows give it. */
type Stamped<Row, Keys extends keyof Row> = Omit<Row, Keys> & { [Key in Keys]: Row[Key] extends string ? Date | string : Date | string | null };
type PersonWebinar = ContactRecord['webinarSubscriptions'][number];

/**
 * A module's part of what is stored about a person (messages, webinar sign-ups, the
 * newsletter): its rows of a contact and their erasure in the contacts module's transaction.
 * Declared here and handed over by app.ts, because those modules' rows point to contacts
 * (docs/decisions/058-tables-owned-by-modules.md, 059-transition-hooks-and-no-module-cycles.md).
 */
interface PersonalDataPart<Rows> {
  ofContact(contactId: string, tx?: Db): Promise<Rows>;
  erase(contactId: string, tx: Db): Promise<void>;
}
type MessagesPart = PersonalDataPart<Stamped<ContactRecord['contactMessages'][number], 'receivedAt'>[]>;
type WebinarsPart = PersonalDataPart<(Pick<PersonWebinar, 'id' | 'language'> & { createdAt: Date | string; webinar: Stamped<PersonWebinar['webinar'], 'startsAt'> })[]>;
type NewsletterPart = PersonalDataPart<
  (Stamped<Omit<NonNullable<ContactRecord['newsletterSubscription']>, 'status'>, 'requestedAt' | 'confirmedAt' | 'unsubscribedAt'> & { status: string }) | undefined
> & {
  /** The status of each of the contacts that has a subscription. */
  statusesOf(contactIds: string[], tx?: Db): Promise<Map<string, string>>;
};

interface ErasurePart {
  erasePerson(email: string, tx: Db): Promise<void>;
}

/** Refuses a phone country that is not on the country list (the select offers only those). */
function checkDetails(person: Pick<PersonDetails, 'phoneCountryCode'>): void {
  if (person.phoneCountryCode !== undefined && !findCountry(person.phoneCountryCode, 'en-US')) {
    throw AppError.field('phoneCountryCode', 'invalidOption', 'error.invalidOption');
  }
}

/**
 * Contacts and their consents (docs/product/contacts.md): everyone who leaves an address
 * through a form is one contact, and each consent is a row of its own. Also what a person
 * can ask for about themselves (everything stored, its deletion) and the back office's
 * contacts.
 */
export function createContactsService(deps: {
  db: Db;
  /** The orders module: the orders naming a person, read for the export and anonymised at deletion. */
  orders: Pick<OrdersService, 'ordersOfContact' | 'anonymiseContact'>;
  /** The staff module: at deletion, the failed sign-ins with the address and the invitations to it go. */
  staff: ErasurePart;
  /**
   * The modules whose rows point to a contact: each gives its part of what is stored about a
   * person and erases it at deletion (docs/decisions/058-tables-owned-by-modules.md).
   */
  messages: MessagesPart;
  webinars: WebinarsPart;
  newsletter: NewsletterPart;
  outbox: Pick<OutboxService, 'queue' | 'deleteSentMailsTo'>;
  mail: MailSettings;
  /** Where visitors reach the shop: the link of the deletion mail starts here. */
  publicUrl: string;
  /** Called after a mail was queued, so the worker sends it now rather than at its next poll. */
  onMailQueued: () => void;
  /** The audit log: staff changes and exports are recorded in their transactions, and an erasure pseudonymises it. */
  audit: Pick<AuditService, 'record' | 'pseudonymise'>;
}) {
  const { db, orders: ordersOfContacts, staff, messages: messagesOfContacts, webinars: webinarsOfContacts, newsletter: newsletterOfContacts } = deps;
  const { outbox, mail, publicUrl, onMailQueued, audit } = deps;

  async function recordConsents(contactId: string, source: ConsentSource, statements: ConsentStatement[], tx: Db): Promise<void> {
    await repo.insertConsents(
      tx,
      statements.map((statement) => ({ contactId, source, ...statement })),
    );
  }

  async function describe(contact: repo.ContactRow): Promise<ContactRecord> {
    const [consents, messages, webinars, subscription, orders] = await Promise.all([
      repo.listConsents(db, contact.id),
      messagesOfContacts.ofContact(contact.id),
      webinarsOfContacts.ofContact(contact.id),
      newsletterOfContacts.ofContact(contact.id),
      ordersOfContacts.ordersOfContact(contact.email),
    ]);
    const subscriptionStatus = subscription ? statusOf(subscription.status) : null;
    return {
      contact: {
        id: contact.id,
        email: contact.email,
        firstName: contact.firstName,
        lastName: contact.lastName,
        gender: contact.gender,
        companyName: contact.companyName,
        phoneCountryCode: contact.phoneCountryCode,
        phoneNumber: contact.phoneNumber,
        role: contact.role,
        experienceLevel: contact.experienceLevel,
        preferredLanguage: contact.preferredLanguage,
        createdAt: iso(contact.createdAt),
        updatedAt: iso(contact.updatedAt),
      },
      consents: consents.map((row) => ({
        subject: row.subject,
        granted: row.granted,
        textVersion: row.textVersion,
        language: row.language,
        source: row.source,
        createdAt: iso(row.createdAt),
      })),
      newsletterSubscription:
        subscription && subscriptionStatus
          ? {
              status: subscriptionStatus,
              topicIds: subscription.topicIds,
              source: subscription.source,
              requestedAt: iso(subscription.requestedAt),
              confirmedAt: isoOrNull(subscription.confirmedAt),
              unsubscribedAt: isoOrNull(subscription.unsubscribedAt),
            }
          : null,
      contactMessages: messages.map((row) => ({
        id: row.id,
        receivedAt: iso(row.receivedAt),
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phoneCountryCode: row.phoneCountryCode,
        phoneNumber: row.phoneNumber,
        company: row.company,
        recipient: row.recipient,
        subject: row.subject,
        message: row.message,
        language: row.language,
      })),
      webinarSubscriptions: webinars.map((row) => ({
        id: row.id,
        subscribedAt: iso(row.createdAt),
        language: row.language,
        webinar: { ...row.webinar, startsAt: iso(row.webinar.startsAt) },
      })),
      orders: orders.map((row) => ({
        id: row.id,
        number: row.number,
        status: row.status,
        currency: row.currency,
        createdAt: iso(row.createdAt),
        orderedAt: isoOrNull(row.orderedAt),
        linkedBy: row.linkedBy,
        savedCartBy: row.subscriber,
        invoiceInfo: row.invoiceInfo,
      })),
    };
  }

  return {
    /** Refuses what no form may store about a person (a phone country not on the list), before a form spends its captcha. */
    checkDetails,

    /**
     * Records what a form said about a person, inside the form's own transaction `tx`:
     * creates the contact or fills its empty fields (an anonymous form never overwrites
     * what is stored), and adds one row per consent. Returns the contact's id, for the
     * form's own row (a message, a sign-up) to point to.
     */
    async recordPerson(person: PersonDetails, source: ConsentSource, statements: ConsentStatement[], tx: Db): Promise<string> {
      checkDetails(person);
      const contactId = await repo.upsertFillingGaps(tx, {
        email: contactEmail(person.email),
        firstName: person.firstName ?? null,
        lastName: person.lastName ?? null,
        gender: person.gender ?? null,
        companyName: person.companyName ?? null,
        phoneCountryCode: person.phoneNumber === undefined ? null : (person.phoneCountryCode ?? null),
        phoneNumber: person.phoneNumber === undefined ? null : nationalPhoneNumber(person.phoneCountryCode, person.phoneNumber),
        role: person.role ?? null,
        experienceLevel: person.experienceLevel ?? null,
        preferredLanguage: person.preferredLanguage ?? null,
      });
      await recordConsents(contactId, source, statements, tx);
      return contactId;
    },

    /** Adds consent rows (a confirmation, a withdrawal) for a known contact. */
    recordConsents,

    /** The contact of an address (any case), if there is one. */
    async findContact(email: string, tx: Db): Promise<Contact | undefined> {
      const row = await repo.findContactByEmail(tx, contactEmail(email));
      return row && contactOf(row);
    },

    /** Who the contacts of `ids` are, for the lists of other modules (a webinar's subscribers). */
    async detailsOf(
      ids: string[],
      tx: Db,
    ): Promise<Map<string, { firstName: string | null; lastName: string | null; email: string; companyName: string | null; role: string | null }>> {
      const rows = await repo.findContactsByIds(tx, ids);
      return new Map(
        rows.map((row) => [row.id, { firstName: row.firstName, lastName: row.lastName, email: row.email, companyName: row.companyName, role: row.role }]),
      );
    },

    async getContact(id: string, tx: Db): Promise<Contact | undefined> {
      const row = await repo.findContactById(tx, id);
      return row && contactOf(row);
    },

    /** The role, experience level and language as the person sets them through their own link (overwritten, not filled). */
    async saveChoices(contactId: string, choices: { role: string | null; experienceLevel: string | null; preferredLanguage: Language }, tx: Db): Promise<void> {
      await repo.updateChoices(tx, contactId, choices);
    },

    /** Everything stored about a contact (their download, the back office's record). */
    async describe(contactId: string): Promise<ContactRecord> {
      const contact = await repo.findContactById(db, contactId);
      if (!contact) throw new AppError('notFound', 'error.contacts.contactNotFound');
      return describe(contact);
    },

    /** GET /contacts/admin/: one page of the contacts the search finds, newest first. */
    async list(query: ContactListQuery): Promise<ContactList> {
      const { q, page, pageSize } = query;
      const { rows, total } = await repo.listContacts(db, q, { limit: pageSize, offset: (page - 1) * pageSize });
      const newsletterStatuses = await newsletterOfContacts.statusesOf(rows.map((row) => row.id));
      return {
        results: rows.map((row) => ({
          id: row.id,
          email: row.email,
          name: nameOf(row),
          companyName: row.companyName,
          preferredLanguage: row.preferredLanguage,
          newsletterStatus: statusOf(newsletterStatuses.get(row.id) ?? null),
          createdAt: iso(row.createdAt),
        })),
        page,
        pageSize,
        totalResults: total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /** GET /contacts/admin/export.csv: every contact the search finds, by the rules of the back office's exports. */
    async exportCsv(q: string | undefined, language: Language, staff: AuditActor): Promise<string> {
      const rows = await db.transaction(async (tx) => {
        const found = await repo.exportContacts(tx, q);
        const newsletterStatuses = await newsletterOfContacts.statusesOf(
          found.map((contact) => contact.id),
          tx,
        );
        await audit.record(staff, { action: 'export.contacts', summary: `${found.length} contacts${q ? `; q=${q}` : ''}` }, tx);
        return found.map((contact) => ({ contact, newsletterStatus: newsletterStatuses.get(contact.id) ?? null }));
      });
      const header = (['email', 'firstName', 'lastName', 'company', 'phone', 'role', 'experienceLevel', 'language', 'newsletter', 'createdAt'] as const).map((key) =>
        translate(language, `contacts.csv.${key}`),
      );
      const label = (prefix: string, value: string | null): string | null => {
        if (value === null) return null;
        const key = `${prefix}.${value}`;
        return isMessageKey(key) ? translate(language, key) : value;
      };
      return csvDocument(
        header,
        rows.map(({ contact, newsletterStatus }) => [
          contact.email,
          contact.firstName,
          contact.lastName,
          contact.companyName,
          printedPhone(contact.phoneCountryCode, contact.phoneNumber),
          label('forms.role', contact.role),
          label('forms.experienceLevel', contact.experienceLevel),
          label('common.language', contact.preferredLanguage),
          label('newsletter.status', newsletterStatus),
          iso(contact.createdAt),
        ]),
      );
    },

    /**
     * Sends the contact a mail with a link that confirms the deletion of everything stored
     * about them (valid 24 hours, once). At most one such mail per 10 minutes; the answer
     * is the same either way.
     */
    async requestDeletion(contact: Contact, requestLanguage: Language): Promise<FormMessagesResponse> {
      const language = contact.preferredLanguage ?? requestLanguage;
      const queued = await db.transaction(async (tx) => {
        if (await repo.hasDeletionRequestSince(tx, contact.id, deletionMailIntervalSeconds)) return false;
        const { token, hash } = createLinkToken();
        await repo.insertDeletionRequest(tx, { tokenHash: hash, contactId: contact.id, validSeconds: deletionValidSeconds });
        const link = new URL(appUrl(appPaths.confirmDeletion(token)), publicUrl).toString();
        await outbox.queue(mail, { to: contact.email, ...deletionMail({ language, person: contact, link }) }, tx);
        return true;
      });
      if (queued) onMailQueued();
      return { messages: [{ translations: translateAll('newsletter.deletion.requested') }] };
    },

    /**
     * The deletion's confirmation (POST /people/deletions/{token}): in one transaction, the
     * address becomes a pseudonym in the audit log and in the orders' notes, history and
     * saved views, the orders that name it are anonymised (kept for accounting), the failed
     * staff sign-ins with it and the invitations to it go, the mails already sent to it are
     * deleted, the messages, webinar sign-ups, newsletter subscription and links are erased by
     * their modules, and the contact is deleted with its consents and this link.
     */
    async confirmDeletion(token: string): Promise<FormMessagesResponse> {
      await db.transaction(async (tx) => {
        const request = await repo.findDeletionRequest(tx, hashLinkToken(token));
        const contact = request && (await repo.findContactById(tx, request.contactId));
        if (!contact) throw new AppError('notFound', 'error.contacts.deletionTokenNotFound');
        const pseudonym = await audit.pseudonymise({ email: contact.email, contactId: contact.id }, tx);
        await ordersOfContacts.anonymiseContact(contact.email, pseudonym, tx);
        await staff.erasePerson(contact.email, tx);
        await outbox.deleteSentMailsTo(contact.email, tx);
        await messagesOfContacts.erase(contact.id, tx);
        await webinarsOfContacts.erase(contact.id, tx);
        await newsletterOfContacts.erase(contact.id, tx);
        await repo.deleteContact(tx, contact.id);
      });
      return { messages: [{ translations: translateAll('contacts.deletion.done') }] };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
