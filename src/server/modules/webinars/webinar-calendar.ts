import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { foldLines, ICalAlarmType, ICalCalendarMethod, ICalEventStatus, type ICalTZDateStub } from 'ical-generator';
import { company } from '#shared/company.ts';
import { defaultTimeZone } from '#shared/dates.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';

/**
 * A webinar in its subscribers' calendars: the calendar file (.ics) attached to its
 * mails, and the "Add to Google Calendar" and "Outlook" links.
 *
 * The file is one event with a UID of its own per subscription, which stays the same for
 * the webinar's life, so a changed webinar (a higher SEQUENCE) replaces the entry in the
 * calendar and a cancellation (METHOD:CANCEL, STATUS:CANCELLED) removes it. The calendar
 * says METHOD:PUBLISH, not REQUEST: it is an announcement, and calendars do not offer to
 * accept or decline it, nor send a reply to the shop's address.
 */

/** What the calendar needs of a webinar. */
export interface CalendarWebinar {
  title: string;
  description: string;
  startsAt: Date;
  durationMinutes: number;
  link: string;
}

/** The time zone the events are written in (DTSTART;TZID=…, with its VTIMEZONE). */
const eventTimeZone = defaultTimeZone;
/** The reminder, before the start. */
const alarmMinutes = 15;
/** The links carry the start of the description only: a long one would make them too long to open. */
const linkDescriptionLength = 300;

export const endOf = (webinar: Pick<CalendarWebinar, 'startsAt' | 'durationMinutes'>): Date =>
  new Date(webinar.startsAt.getTime() + webinar.durationMinutes * 60_000);

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The date and time the clocks of `timeZone` show at an instant. */
function wallClock(instant: Date, timeZone: string) {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/**
 * A moment that ical-generator writes as the wall-clock time of a time zone. Given a
 * plain Date and an event time zone, it writes the server process's local time (the
 * Date's getHours()…), which is right only on a server that runs in that zone. A Date
 * shaped like @date-fns/tz's TZDate (`internal`, `withTimeZone`, `tzComponents`) is asked
 * for its wall clock instead: this one answers with the zone's clock, from Intl.
 */
class ZonedMoment extends Date implements ICalTZDateStub {
  readonly internal: Date;
  readonly timeZone: string;
  readonly #clock: ReturnType<typeof wallClock>;

  constructor(instant: Date, timeZone: string) {
    super(instant.getTime());
    this.internal = new Date(instant.getTime());
    this.timeZone = timeZone;
    this.#clock = wallClock(instant, timeZone);
  }

  withTimeZone(timeZone?: string | null): ZonedMoment {
    return new ZonedMoment(this.internal, timeZone ?? this.timeZone);
  }

  tzComponents() {
    return { ...this.#clock };
  }

  override getFullYear(): number {
    return this.#clock.year;
  }

  override getMonth(): number {
    return this.#clock.month - 1;
  }

  override getDate(): number {
    return this.#clock.day;
  }

  override getHours(): number {
    return this.#clock.hour;
  }

  override getMinutes(): number {
    return this.#clock.minute;
  }

  override getSeconds(): number {
    return this.#clock.second;
  }
}

/** The event's description: the webinar's own, then the link to join. */
function eventDescription(webinar: CalendarWebinar, language: Language, maxLength = Infinity): string {
  const description = webinar.description.length > maxLength ? `${webinar.description.slice(0, maxLength).trimEnd()}…` : webinar.description;
  return `${description}\n\n${translate(language, 'webinarMail.event.join', { link: webinar.link })}`;
}

export interface InvitationOptions {
  webinar: CalendarWebinar;
  /** The event's UID: one per subscription (`{subscriptionId}@{mail domain}`). */
  uid: string;
  sequence: number;
  /** PUBLISH: the event (new or changed); CANCEL: the event is cancelled. */
  method: 'PUBLISH' | 'CANCEL';
  language: Language;
  /** The shop's address, which sends the mails. */
  organizer: { name: string; email: string };
  /** The subscriber, named in a cancellation (RFC 5546 wants the attendees a CANCEL removes). */
  attendee?: { name: string; email: string };
  /** DTSTAMP: when the file was made; now by default. */
  stamp?: Date;
}

/**
 * The event's URL property, written as RFC 5545 writes a URI value: as it is, without the
 * backslashes of a TEXT value. ical-generator escapes `,` and `;` in it as in a text
 * (`\,`), and a calendar program then takes the backslashes as part of the address (the
 * test reads the file with ical.js, the library of Thunderbird). The link is given in the
 * form a browser opens (WHATWG URL), so it holds nothing a URI cannot: a space becomes
 * `%20`. LOCATION and DESCRIPTION are TEXT and keep the link as it was entered, escaped as
 * a text must be; a reader unescapes it to the same characters.
 */
const urlProperty = (link: string) => foldLines(`URL;VALUE=URI:${new URL(link).href}`);

/**
 * The calendar file of one subscription (RFC 5545): one VEVENT with DTSTART and DTEND in
 * Europe/Zurich (and its VTIMEZONE), SUMMARY, DESCRIPTION with the link to join, URL and
 * LOCATION (the link), ORGANIZER, and a reminder 15 minutes before the start; cancelled,
 * it is STATUS:CANCELLED without the reminder. Every line ends with CRLF, the last one too.
 */
export function webinarInvitation(options: InvitationOptions): string {
  const { webinar, language, method } = options;
  const cancelled = method === 'CANCEL';
  const calendar = ical({
    prodId: { company: company.name, product: 'Webinars', language: language.slice(0, 2).toUpperCase() },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  // No calendar-wide zone (DTSTAMP stays in UTC); the generator adds the VTIMEZONE of the event's zone.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: options.uid,
    sequence: options.sequence,
    stamp: options.stamp ?? new Date(),
    start: new ZonedMoment(webinar.startsAt, eventTimeZone),
    end: new ZonedMoment(endOf(webinar), eventTimeZone),
    timezone: eventTimeZone,
    summary: webinar.title,
    description: eventDescription(webinar, language),
    location: webinar.link,
    organizer: options.organizer,
    attendees: cancelled && options.attendee ? [{ name: options.attendee.name, email: options.attendee.email }] : [],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    alarms: cancelled
      ? []
      : [{ type: ICalAlarmType.display, trigger: alarmMinutes * 60, description: translate(language, 'webinarMail.event.alarm', { title: webinar.title }) }],
  });
  // ical-generator ends the file without the line break that ends every content line.
  return `${calendar.toString().replace('\r\nBEGIN:VEVENT\r\n', `\r\nBEGIN:VEVENT\r\n${urlProperty(webinar.link)}\r\n`)}\r\n`;
}

/** `20270203T130000Z`: a moment in UTC as Google Calendar's `dates` takes it. */
const compactUtc = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
/** `2027-02-03T13:00:00Z` */
const isoUtc = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A query value, encoded; `/`, `:` and `@` may stay as they are in a query (RFC 3986), which keeps dates and links readable. */
const queryValue = (value: string) => encodeURIComponent(value).replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%40/g, '@');

function linkWith(base: string, params: Record<string, string>): string {
  return `${base}?${Object.entries(params)
    .map(([name, value]) => `${name}=${queryValue(value)}`)
    .join('&')}`;
}

/** "Add to Google Calendar": Google's event template, filled in. */
export function googleCalendarLink(webinar: CalendarWebinar, language: Language): string {
  return linkWith('https://calendar.google.com/calendar/render', {
    action: 'TEMPLATE',
    text: webinar.title,
    dates: `${compactUtc(webinar.startsAt)}/${compactUtc(endOf(webinar))}`,
    details: eventDescription(webinar, language, linkDescriptionLength),
    location: webinar.link,
  });
}

/** "Outlook": a new event in Outlook on the web, filled in. */
export function outlookCalendarLink(webinar: CalendarWebinar, language: Language): string {
  return linkWith('https://outlook.live.com/calendar/0/action/compose', {
    subject: webinar.title,
    startdt: isoUtc(webinar.startsAt),
    enddt: isoUtc(endOf(webinar)),
    body: eventDescription(webinar, language, linkDescriptionLength),
    location: webinar.link,
  });
}
