import type { Db } from '#server/db/client.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import { isLanguage, type Language } from '#shared/locales.ts';
import { adminBasePath, adminPaths } from '#shared/paths.ts';
import { nationalPhoneNumber } from '#shared/phone.ts';
import type { Dashboard } from '#shared/schemas/orders-admin.ts';
import type { ContactForm, FormMessagesResponse } from '#shared/schemas/forms.ts';
import { messageListLimits, type ContactMessage, type MessageList, type MessageListQuery } from '#shared/schemas/messages.ts';
import type { PublicFormService } from '../forms/public-form.service.ts';
import { messageAcknowledgementMail, staffMessageMail } from './message.mails.ts';
import * as repo from './messages.repository.ts';
import type { ContactMessageRow } from './messages.repository.ts';

/** Where each recipient of the form gets its messages (CONTACT_EMAIL_*, else ORDERS_EMAIL). */
export type ContactAddresses = Record<ContactForm['recipient'], string>;

/** How many unread messages the back office's start page lists. */
const dashboardUnread = 5;

const nameOf = (row: { firstName: string; lastName: string | null }) => [row.firstName, row.lastName].filter(Boolean).join(' ');

function messageOf(row: repo.ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneCountryCode: row.phoneCountryCode,
    phoneNumber: row.phoneNumber,
    company: row.company,
    recipient: row.recipient as ContactMessage['recipient'],
    subject: row.subject,
    message: row.message,
    language: isLanguage(row.language) ? row.language : 'en-US',
    readAt: row.readAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    read: row.readAt !== null,
    archived: row.archivedAt !== null,
  };
}

function found(row: repo.ContactMessageRow | undefined): ContactMessage {
  if (!row) throw new AppError('notFound', 'error.contactMessage.notFound');
  return messageOf(row);
}

/**
 * The contact form (docs/product/forms.md) and the back office's inbox of its messages.
 */
export function createMessagesService(deps: {
  db: Db;
  /** The steps every public form shares: captcha, contact, consent, newsletter, mails. */
  forms: Pick<PublicFormService, 'submit'>;
  addresses: ContactAddresses;
  /** Where staff reach the back office: the link in the team's mail starts here. */
  publicUrl: string;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, forms, addresses, publicUrl, audit } = deps;
  /** An inbox action and its audit row, in one transaction. */
  const change = (staff: AuditActor, id: string, action: string, write: (tx: Db) => Promise<ContactMessageRow | undefined>) =>
    db.transaction(async (tx) => {
      const message = found(await write(tx));
      await audit.record(staff, { action, target: { kind: 'message', id } }, tx);
      return message;
    });

  return {
    /**
     * Stores a message of the contact form, with the sender as a contact and their consent
     * to the privacy policy, and queues, in the same transaction, the mail to the chosen
     * recipient's address (Reply-To: the sender) and the acknowledgement to the sender in
     * their language. The payload's own checks (the route schema) come first; the captcha
     * is checked inside the transaction, so a refused or failed submission leaves the
     * solution unspent and nothing stored.
     */
    async send(form: ContactForm, requestLanguage: Language): Promise<FormMessagesResponse> {
      const language = form.preferredLanguage ?? requestLanguage;
      await forms.submit({
        source: 'CONTACT_FORM',
        captcha: { solution: form.captchaSolution, family: 'contact' },
        person: { ...form, companyName: form.company ?? form.companyName },
        language,
        newsletter: form.newsletterEnabled === true ? {} : undefined,
        store: async ({ contactId }, tx) =>
          messageOf(
            await repo.insertMessage(tx, {
              contactId,
              firstName: form.firstName,
              lastName: form.lastName ?? null,
              email: form.email,
              phoneCountryCode: form.phoneNumber === undefined ? null : (form.phoneCountryCode ?? null),
              phoneNumber: form.phoneNumber === undefined ? null : nationalPhoneNumber(form.phoneCountryCode, form.phoneNumber),
              company: form.company ?? form.companyName ?? null,
              recipient: form.recipient,
              subject: form.subject,
              message: form.message,
              language,
            }),
          ),
        mails: ({ stored }) => [
          {
            to: addresses[form.recipient],
            replyTo: form.email,
            ...staffMessageMail(stored, new URL(`${adminBasePath}${adminPaths.message(stored.id)}`, publicUrl).toString()),
          },
          { to: form.email, ...messageAcknowledgementMail(stored) },
        ],
      });
      const confirmation = (to: Language) => translate(to, 'forms.contact.confirmation', { recipient: translate(to, `forms.recipient.${form.recipient}`) });
      return { messages: [{ translations: forEveryLanguage(confirmation) }] };
    },

    /** One page of a view of the inbox, newest first, with the number of unread messages. */
    async list(query: MessageListQuery): Promise<MessageList> {
      const { status, page, pageSize } = query;
      const { rows, total } = await repo.listMessages(db, status, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        previewLength: messageListLimits.previewLength,
      });
      return {
        results: rows.map((row) => ({
          id: row.id,
          receivedAt: row.receivedAt.toISOString(),
          name: nameOf(row),
          email: row.email,
          company: row.company,
          recipient: row.recipient as ContactMessage['recipient'],
          subject: row.subject,
          preview: row.preview,
          read: row.readAt !== null,
          archived: row.archivedAt !== null,
        })),
        page,
        pageSize,
        totalResults: total,
        totalPages: Math.ceil(total / pageSize),
        unreadCount: await repo.countUnread(db),
      };
    },

    /** The whole message; reading it marks it read, unless the reader is a viewer, who changes nothing (docs/product/staff-roles.md). */
    async read(id: string, staff: Pick<AuditActor, 'role'>): Promise<ContactMessage> {
      return found(staff.role === 'viewer' ? await repo.findMessage(db, id) : await repo.markRead(db, id));
    },

    async markUnread(id: string, staff: AuditActor): Promise<ContactMessage> {
      return change(staff, id, 'message.unread', (tx) => repo.markUnread(tx, id));
    },

    /** Archives (out of the inbox) or moves back to the inbox; the read state stays as it is. */
    async setArchived(id: string, archived: boolean, staff: AuditActor): Promise<ContactMessage> {
      return change(staff, id, archived ? 'message.archive' : 'message.unarchive', (tx) => repo.setArchived(tx, id, archived));
    },

    /** For the back office's start page: the latest unread messages and how many there are. */
    async unreadSummary(): Promise<Pick<Dashboard, 'unreadMessages' | 'unreadMessageCount'>> {
      const latest = await repo.latestUnread(db, dashboardUnread);
      return {
        unreadMessages: latest.map((row) => ({ id: row.id, receivedAt: row.receivedAt.toISOString(), name: nameOf(row), subject: row.subject })),
        unreadMessageCount: await repo.countUnread(db),
      };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
