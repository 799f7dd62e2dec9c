import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { googleCalendarLink, outlookCalendarLink, webinarInvitation, type CalendarWebinar, type InvitationOptions } from './webinar-calendar.ts';

/** The calendar file of a webinar, read back with ical.js as a calendar program would. */

const winter: CalendarWebinar = {
  title: 'Phishing, spoofing; and more',
  description: 'How phishing works.\nLive demo and Q&A.',
  startsAt: new Date('2027-02-03T13:00:00Z'),
  durationMinutes: 90,
  link: 'https://webinars.example.com/phishing?room=1&x=2',
};
const organizer = { name: 'CyberSafe Academy AG', email: 'shop@cybersafe-academy.example' };

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // The file carries its time zone: a calendar program reads DTSTART;TZID= with it.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

function invitation(overrides: Partial<InvitationOptions> = {}) {
  return webinarInvitation({ webinar: winter, uid: 'sub-1@cybersafe-academy.example', sequence: 0, method: 'PUBLISH', language: 'en-US', organizer, ...overrides });
}

describe('the calendar file of a webinar', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('publishes one event in Zurich time with its VTIMEZONE, the link, the organizer and a reminder', () => {
    const text = invitation({ sequence: 3 });
    expect(text).toContain('\r\n');
    expect(text).not.toContain('METHOD:REQUEST');
    const { calendar, vevent, event } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Zurich');
    expect(event.uid).toBe('sub-1@cybersafe-academy.example');
    expect(event.sequence).toBe(3);
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Zurich');
    expect(event.startDate.toString()).toBe('2027-02-03T14:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-02-03T13:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-02-03T14:30:00.000Z');
    expect(event.summary).toBe(winter.title);
    expect(event.description).toBe(`${winter.description}\n\nJoin the webinar: ${winter.link}`);
    expect(event.location).toBe(winter.link);
    expect(vevent.getFirstPropertyValue('url')).toBe(winter.link);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.organizer).toBe(`mailto:${organizer.email}`);
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe(organizer.name);
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toMatch(/Z$/);
    const alarm = vevent.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-PT15M');
    expect(alarm?.getFirstPropertyValue('description')).toBe(`The webinar starts in 15 minutes: ${winter.title}`);
  });

  it('writes summer time as 14:00 too, and in German', () => {
    const summer = { ...winter, startsAt: new Date('2027-07-03T12:00:00Z') };
    const { event, vevent } = parse(invitation({ webinar: summer, language: 'de-CH' }));
    expect(event.startDate.toString()).toBe('2027-07-03T14:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-07-03T12:00:00.000Z');
    expect(event.description).toContain(`Am Webinar teilnehmen: ${winter.link}`);
    expect(vevent.getFirstSubcomponent('valarm')?.getFirstPropertyValue('description')).toContain('Das Webinar beginnt in 15 Minuten');
  });

  it('writes Zurich time whatever time zone the server runs in', () => {
    process.env.TZ = 'America/New_York';
    expect(new Date('2027-02-03T13:00:00Z').getHours()).toBe(8);
    expect(invitation()).toContain('DTSTART;TZID=Europe/Zurich:20270203T140000');
    process.env.TZ = 'Asia/Tokyo';
    expect(invitation()).toContain('DTEND;TZID=Europe/Zurich:20270203T153000');
  });

  it('cancels with METHOD:CANCEL, STATUS:CANCELLED, the same UID and the attendee, without a reminder', () => {
    const { calendar, vevent, event } = parse(
      invitation({ method: 'CANCEL', sequence: 4, attendee: { name: 'Anna Muster', email: 'anna@example.ch' } }),
    );
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.uid).toBe('sub-1@cybersafe-academy.example');
    expect(event.sequence).toBe(4);
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual(['mailto:anna@example.ch']);
    expect(vevent.getFirstSubcomponent('valarm')).toBeNull();
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-02-03T13:00:00.000Z');
  });
  it('writes a link with `,` and `;` so that a calendar program reads it back as it is, and ends with CRLF', () => {
    const link = 'https://meet.example.com/j/123;jsessionid=a,b?pwd=x,y;z&name=Muster%20AG';
    const text = invitation({ webinar: { ...winter, link } });
    const { vevent, event } = parse(text);
    expect(vevent.getFirstPropertyValue('url')).toBe(link);
    expect(event.location).toBe(link);
    expect(event.description).toBe(`${winter.description}\n\nJoin the webinar: ${link}`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('writes the URL as a browser opens the link: what a URI cannot hold percent-encoded', () => {
    const { vevent, event } = parse(invitation({ webinar: { ...winter, link: 'https://meet.example.com/room one' } }));
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/room%20one');
    expect(event.location).toBe('https://meet.example.com/room one');
  });
});

describe('the calendar links', () => {
  it('fill in Google Calendar’s event template, in UTC', () => {
    const link = new URL(googleCalendarLink(winter, 'en-US'));
    expect(`${link.origin}${link.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: winter.title,
      dates: '20270203T130000Z/20270203T143000Z',
      details: `${winter.description}\n\nJoin the webinar: ${winter.link}`,
      location: winter.link,
    });
  });

  it('fill in a new event of Outlook on the web', () => {
    const link = new URL(outlookCalendarLink(winter, 'de-CH'));
    expect(`${link.origin}${link.pathname}`).toBe('https://outlook.live.com/calendar/0/action/compose');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      subject: winter.title,
      startdt: '2027-02-03T13:00:00Z',
      enddt: '2027-02-03T14:30:00Z',
      body: `${winter.description}\n\nAm Webinar teilnehmen: ${winter.link}`,
      location: winter.link,
    });
  });

  it('keep dates and links readable, and encode what a query cannot hold', () => {
    const link = googleCalendarLink({ ...winter, title: 'Q&A: 100% #secure' }, 'en-US');
    expect(link).toContain('&dates=20270203T130000Z/20270203T143000Z&');
    expect(link).toContain('&text=Q%26A:%20100%25%20%23secure&');
    expect(link).toContain('&location=https://webinars.example.com/phishing%3Froom%3D1%26x%3D2');
    expect(outlookCalendarLink(winter, 'en-US')).toContain('&startdt=2027-02-03T13:00:00Z&enddt=2027-02-03T14:30:00Z&');
  });

  it('carry only the start of a long description, and always the link', () => {
    const long = { ...winter, description: 'x'.repeat(5000) };
    const details = new URL(googleCalendarLink(long, 'en-US')).searchParams.get('details') ?? '';
    expect(details.length).toBeLessThan(400);
    expect(details).toMatch(/^x{300}…\n\nJoin the webinar: https:/);
  });
});
