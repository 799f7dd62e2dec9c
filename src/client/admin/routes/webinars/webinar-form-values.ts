import { instantOfLocal, localDateTimeOf } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import type { AdminWebinar } from '#shared/schemas/webinars.ts';

/**
 * What the webinar form holds while staff type: texts as typed, the start as a date and
 * a time on Zurich's clocks. Sending turns it into the shared payload (`startsAt` as the
 * UTC instant), which the form checks with the schema the server uses.
 */
export interface WebinarFormValues {
  code: string;
  title: string;
  language: Language | '';
  date: string;
  time: string;
  durationMinutes: string;
  description: string;
  link: string;
}

export const emptyWebinarForm: WebinarFormValues = {
  code: '',
  title: '',
  language: '',
  date: '',
  time: '',
  durationMinutes: '60',
  description: '',
  link: '',
};

/** A stored webinar in the form, its start on Zurich's clocks. */
export function formValuesOf(webinar: AdminWebinar): WebinarFormValues {
  const start = localDateTimeOf(webinar.startsAt);
  return {
    code: webinar.code,
    title: webinar.title,
    language: webinar.language,
    date: start.date,
    time: start.time,
    durationMinutes: String(webinar.durationMinutes),
    description: webinar.description,
    link: webinar.link,
  };
}

/**
 * The payload the shared schema checks: the texts as typed and `startsAt`, the UTC
 * instant of the date and time on Zurich's clocks ('' for a date or time that is missing,
 * malformed or skipped by the clocks at the change to summer time, which the schema
 * names at `startsAt`).
 */
export function webinarPayloadOf(values: WebinarFormValues) {
  return {
    code: values.code,
    title: values.title,
    language: values.language,
    startsAt: instantOfLocal({ date: values.date, time: values.time }) ?? '',
    durationMinutes: values.durationMinutes,
    description: values.description,
    link: values.link,
  };
}
