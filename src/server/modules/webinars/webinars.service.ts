import type { Db } from '#server/db/client.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { csvDocument } from '#server/http/csv.ts';
import { company } from '#shared/company.ts';
import { formatDateTime } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import { isLanguage, type Language } from '#shared/locales.ts';
import { roles, type FormMessagesResponse } from '#shared/schemas/forms.ts';
import type {
  AdminWebinar,
  AdminWebinarDetail,
  AdminWebinarList,
  PublicWebinar,
  WebinarAdminListQuery,
  WebinarInput,
  WebinarSubscriber,
  WebinarSubscription,
  nextWebinarSchema,
} from '#shared/schemas/webinars.ts';
import type { z } from 'zod';
import type { PublicFormService } from '../forms/public-form.service.ts';
import type { ContactsService } from '../contacts/contacts.service.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService, OutgoingMail } from '../mail/outbox.service.ts';
import { endOf } from './webinar-calendar.ts';
import { webinarMail, type WebinarMailKind } from './webinar.mails.ts';
import * as repo from './webinars.repository.ts';

type NextWebinar = z.infer<typeof nextWebinarSchema>;

/** How many coming webinars the back office's start page lists. */
const dashboardWebinars = 5;

const languageOf = (value: string): Language => (isLanguage(value) ? value : 'en-US');
const roleOf = (value: string | null): WebinarSubscriber['role'] =>
  value !== null && (roles as readonly string[]).includes(value) ? (value as NonNullable<WebinarSubscriber['role']>) : null;

function publicView(row: repo.WebinarRow): PublicWebinar {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    language: languageOf(row.language),
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    description: row.description,
  };
}

const adminView = (row: repo.WebinarWithCount): AdminWebinar => ({ ...publicView(row), link: row.link, subscriberCount: row.subscriberCount });

function subscriberView(row: repo.SubscriberRow): WebinarSubscriber {
  return {
    id: row.id,
    firstName: row.firstName ?? '',
    lastName: row.lastName,
    email: row.email,
    company: row.companyName,
    role: roleOf(row.role),
    language: languageOf(row.language),
    subscribedAt: row.subscribedAt.toISOString(),
  };
}

function found<Row>(row: Row | undefined): Row {
  if (!row) throw new AppError('notFound', 'error.webinar.notFound');
  return row;
}

const codeTaken = () => AppError.field('code', 'taken', 'error.webinar.codeTaken');
const startInPast = () => AppError.field('startsAt', 'past', 'error.webinar.startInPast');

/** What staff entered, as the table takes it. */
const valuesOf = (input: WebinarInput): repo.WebinarValues => ({
  code: input.code,
  language: input.language,
  title: input.title,
  description: input.description,
  startsAt: new Date(input.startsAt),
  durationMinutes: input.durationMinutes,
  link: input.link,
});

/** A change subscribers are told of: when, how long, what, where. */
const changesInvitation = (before: repo.WebinarRow, after: repo.WebinarValues) =>
  before.startsAt.getTime() !== after.startsAt.getTime() ||
  before.durationMinutes !== after.durationMinutes ||
  before.title !== after.title ||
  before.link !== after.link;

/** A webinar that has ended is not announced again: its subscribers hear of no change or cancellation. */
const isOver = (webinar: Pick<repo.WebinarRow, 'startsAt' | 'durationMinutes'>, now: Date) => endOf(webinar).getTime() <= now.getTime();

/**
 * Webinars (docs/product/webinars.md): the public list and page, the sign-up with its
 * confirmation and calendar entry, and the back office's webinar admin, whose changes
 * reach the subscribers' calendars.
 */
export function createWebinarsService(deps: {
  db: Db;
  /** The steps every public form shares: captcha, contact, consent, newsletter, mails. */
  forms: Pick<PublicFormService, 'submit'>;
  outbox: Pick<OutboxService, 'queue'>;
  /** The shop's sender (MAIL_FROM): the organizer of the calendar entries, and the domain of their UIDs. */
  mail: MailSettings;
  /** Called after mails were queued, so the worker sends them now rather than at its next poll. */
  onMailQueued: () => void;
  /** The audit log: staff changes and exports are recorded in their transactions. */
  audit: Pick<AuditService, 'record'>;
  /** The contacts module: who the subscribers are. */
  contacts: Pick<ContactsService, 'detailsOf'>;
}) {
  const { db, forms, outbox, mail, onMailQueued, audit } = deps;

  /** The webinar's subscribers, in order of sign-up, with what their contact record says. */
  async function listSubscribers(tx: Db, webinarId: string): Promise<repo.SubscriberRow[]> {
    const signUps = await repo.listSignUps(tx, webinarId);
    const people = await deps.contacts.detailsOf([...new Set(signUps.map((signUp) => signUp.contactId))], tx);
    // A sign-up goes with its contact (ON DELETE CASCADE), so every contact is found.
    return signUps.flatMap(({ contactId, ...signUp }) => {
      const person = people.get(contactId);
      return person ? [{ ...signUp, ...person }] : [];
    });
  }
  const webinarTarget = (id: string) => ({ kind: 'webinar', id });
  const organizer = { name: company.name, email: mail.address };

  /** The mail of `kind` to one subscriber, with the subscription's calendar entry (UID from its id). */
  function subscriberMail(
    kind: WebinarMailKind,
    webinar: repo.WebinarRow,
    subscriber: { id: string; email: string; firstName: string | null; lastName: string | null; language: Language },
  ): OutgoingMail {
    const name = [subscriber.firstName, subscriber.lastName].filter(Boolean).join(' ');
    return {
      to: subscriber.email,
      ...webinarMail({
        kind,
        webinar,
        language: subscriber.language,
        firstName: subscriber.firstName,
        invitation: {
          uid: `${subscriber.id}@${mail.domain}`,
          sequence: webinar.sequence,
          organizer,
          ...(kind === 'CANCELLED' ? { attendee: { name: name || subscriber.email, email: subscriber.email } } : {}),
        },
      }),
    };
  }

  /** Queues the same mail to every subscriber of the webinar, each in their language. */
  async function tellSubscribers(tx: Db, kind: WebinarMailKind, webinar: repo.WebinarRow): Promise<number> {
    const subscribers = await listSubscribers(tx, webinar.id);
    for (const subscriber of subscribers) {
      await outbox.queue(mail, subscriberMail(kind, webinar, { ...subscriber, language: languageOf(subscriber.language) }), tx);
    }
    return subscribers.length;
  }

  /** Writes a webinar, turning a clash on the unique code (two staff at once) into the form's field error. */
  async function refuseTakenCode<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'webinars_code_unique')) throw codeTaken();
      throw error;
    }
  }

  return {
    /** GET /webinars/: the upcoming webinars (not started, not deleted), in one language or all, soonest first. */
    async listUpcoming(language: Language | undefined): Promise<PublicWebinar[]> {
      const rows = await repo.listWebinars(db, { period: 'UPCOMING', now: new Date(), language });
      return rows.map(publicView);
    },

    /** GET /webinars/{id}: one webinar, also a past one; 404 when unknown or deleted. */
    async get(id: string): Promise<PublicWebinar> {
      return publicView(found(await repo.findWebinar(db, id)));
    },

    /**
     * Signs a person up (POST /webinars/{id}/subscriptions). The cheap refusals first: an
     * unknown or deleted webinar (404), one that has started (409). Then the steps of every
     * public form, in one transaction: the captcha (left unspent when the sign-up is
     * refused), the person as a contact with their consents, the newsletter's double opt-in
     * when its box is ticked, the sign-up (one per person and webinar: signing up again
     * keeps it) and the confirmation with the calendar entry, sent again on every sign-up.
     */
    async subscribe(id: string, form: WebinarSubscription, requestLanguage: Language): Promise<FormMessagesResponse> {
      const refuse = (webinar: repo.WebinarRow | undefined): repo.WebinarRow => {
        const open = found(webinar);
        if (open.startsAt.getTime() <= Date.now()) throw new AppError('conflict', 'error.webinar.started');
        return open;
      };
      refuse(await repo.findWebinar(db, id));
      const language = form.preferredLanguage ?? requestLanguage;
      const { checked: webinar } = await forms.submit({
        source: 'WEBINAR',
        captcha: { solution: form.captchaSolution, family: 'forms' },
        person: form,
        language,
        newsletter: form.newsletterEnabled === true ? {} : undefined,
        // Again under a lock: a change or deletion of the webinar waits for this sign-up (or this for it).
        check: async (tx) => refuse(await repo.findWebinar(tx, id, 'share')),
        store: ({ checked: locked, contactId }, tx) => repo.upsertSubscription(tx, { webinarId: locked.id, contactId, language }),
        mails: ({ checked: locked, stored: subscriptionId }) => [
          subscriberMail('CONFIRMATION', locked, { id: subscriptionId, email: form.email, firstName: form.firstName, lastName: form.lastName ?? null, language }),
        ],
      });
      const confirmation = (to: Language) =>
        translate(to, 'webinarMail.signUpConfirmation', { title: webinar.title, date: formatDateTime(webinar.startsAt, to) });
      return { messages: [{ translations: forEveryLanguage(confirmation) }] };
    },

    /** GET /webinars/admin/: UPCOMING soonest first, PAST and ALL latest first, with their subscriber counts. */
    async adminList(query: WebinarAdminListQuery): Promise<AdminWebinarList> {
      const rows = await repo.listWebinars(db, { period: query.period, now: new Date() });
      return { results: rows.map(adminView) };
    },

    /** GET /webinars/admin/{id}: the webinar with its subscribers in order of sign-up. */
    async adminDetail(id: string): Promise<AdminWebinarDetail> {
      const webinar = found(await repo.findWebinar(db, id));
      const subscribers = await listSubscribers(db, id);
      return { ...adminView(webinar), subscribers: subscribers.map(subscriberView) };
    },

    /** POST /webinars/admin/: a new webinar; its code is free (case-insensitively) and its start in the future. */
    async create(input: WebinarInput, staff: AuditActor): Promise<AdminWebinar> {
      const values = valuesOf(input);
      if (values.startsAt.getTime() <= Date.now()) throw startInPast();
      if (await repo.codeTaken(db, values.code)) throw codeTaken();
      const row = await refuseTakenCode(() =>
        db.transaction(async (tx) => {
          const inserted = await repo.insertWebinar(tx, values);
          await audit.record(staff, { action: 'webinar.create', target: webinarTarget(inserted.id), summary: `${values.code}, ${values.startsAt.toISOString()}` }, tx);
          return inserted;
        }),
      );
      return adminView({ ...row, subscriberCount: 0 });
    },

    /**
     * PUT /webinars/admin/{id}: the same rules as creating, but a start already past may
     * stay as it is. A change of the start, duration, title or link raises the sequence
     * and sends every subscriber the changed calendar entry, unless the webinar is over.
     */
    async update(id: string, input: WebinarInput, staff: AuditActor): Promise<AdminWebinar> {
      const values = valuesOf(input);
      let told = false;
      const updated = await refuseTakenCode(() =>
        db.transaction(async (tx) => {
          const before = found(await repo.findWebinar(tx, id, 'update'));
          const now = new Date();
          if (values.startsAt.getTime() !== before.startsAt.getTime() && values.startsAt.getTime() <= now.getTime()) throw startInPast();
          if (await repo.codeTaken(tx, values.code, id)) throw codeTaken();
          const tell = changesInvitation(before, values) && !isOver(values, now);
          const row = await repo.updateWebinar(tx, id, { ...values, sequence: tell ? before.sequence + 1 : before.sequence });
          if (tell) told = (await tellSubscribers(tx, 'UPDATED', row)) > 0;
          const summary = `${values.code}${tell ? '; subscribers get the changed calendar entry' : ''}`;
          await audit.record(staff, { action: 'webinar.update', target: webinarTarget(id), summary }, tx);
          return { ...row, subscriberCount: before.subscriberCount };
        }),
      );
      if (told) onMailQueued();
      return adminView(updated);
    },

    /**
     * DELETE /webinars/admin/{id}: refused (409) while it has subscribers, until staff
     * confirm they are told (`subscribersInformed`); then marked deleted, and each
     * subscriber gets the cancelled calendar entry (unless the webinar is over).
     */
    async remove(id: string, subscribersInformed: boolean, staff: AuditActor): Promise<void> {
      let told = false;
      await db.transaction(async (tx) => {
        const webinar = found(await repo.findWebinar(tx, id, 'update'));
        if (webinar.subscriberCount > 0 && !subscribersInformed) throw new AppError('conflict', 'error.webinar.hasSubscribers');
        const tell = !isOver(webinar, new Date());
        const sequence = tell ? webinar.sequence + 1 : webinar.sequence;
        await repo.softDeleteWebinar(tx, id, sequence);
        if (tell) told = (await tellSubscribers(tx, 'CANCELLED', { ...webinar, sequence })) > 0;
        await audit.record(staff, { action: 'webinar.delete', target: webinarTarget(id), summary: `${webinar.code}; ${webinar.subscriberCount} subscribers` }, tx);
      });
      if (told) onMailQueued();
    },

    /**
     * GET /webinars/admin/{id}/subscribers.csv: the subscribers as the detail lists them,
     * as CSV by the rules of the back office's exports (src/server/http/csv.ts), with the
     * header, role and language in `language`.
     */
    async subscribersCsv(id: string, language: Language, staff: AuditActor): Promise<{ fileName: string; csv: string }> {
      const { webinar, subscribers } = await db.transaction(async (tx) => {
        const read = { webinar: found(await repo.findWebinar(tx, id)), subscribers: await listSubscribers(tx, id) };
        await audit.record(staff, { action: 'export.webinarSubscribers', target: webinarTarget(id), summary: `${read.subscribers.length} subscribers` }, tx);
        return read;
      });
      const header = (['firstName', 'lastName', 'email', 'company', 'role', 'language', 'subscribedAt'] as const).map((key) =>
        translate(language, `webinarMail.csv.${key}`),
      );
      const rows = subscribers.map(subscriberView).map((subscriber) => [
        subscriber.firstName,
        subscriber.lastName,
        subscriber.email,
        subscriber.company,
        subscriber.role === null ? null : translate(language, `forms.role.${subscriber.role}`),
        translate(language, `common.language.${subscriber.language}`),
        subscriber.subscribedAt,
      ]);
      return { fileName: `webinar-${webinar.code}-subscribers.csv`, csv: csvDocument(header, rows) };
    },

    /** For the back office's start page: the next webinars, soonest first, with their subscriber counts. */
    async nextWebinars(): Promise<NextWebinar[]> {
      const rows = await repo.listWebinars(db, { period: 'UPCOMING', now: new Date(), limit: dashboardWebinars });
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        title: row.title,
        language: languageOf(row.language),
        startsAt: row.startsAt.toISOString(),
        subscriberCount: row.subscriberCount,
      }));
    },
  };
}

export type WebinarsService = ReturnType<typeof createWebinarsService>;
