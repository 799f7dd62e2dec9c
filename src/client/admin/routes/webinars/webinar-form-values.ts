import { instantOfLocal, localDateTimeOf } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import { webinarInputSchema, type AdminWebinar, type WebinarInput } from '#shared/schemas/webinars.ts';
import { problemsFromSchema, type Problems } from '#client/ui/form/problems.ts';

/**
 * What the webinar form holds while staff type: texts as typed, the start as a date and
 * a time on Zurich's clocks. Sending turns it into the shared payload (`startsAt` as the
 * UTC instant) and checks it with the schema the server uses.
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
 * The payload, checked: the shared schema's problems keyed by its fields (`startsAt` for a
 * date or time that is missing, malformed or skipped by the clocks at the change to
 * summer time), else the parsed input (trimmed, the duration a number).
 */
export function checkWebinarForm(values: WebinarFormValues): { ok: true; payload: WebinarInput } | { ok: false; problems: Problems } {
  const payload = {
    code: values.code,
    title: values.title,
    language: values.language,
    startsAt: instantOfLocal({ date: values.date, time: values.time }) ?? '',
    durationMinutes: values.durationMinutes,
    description: values.description,
    link: values.link,
  };
  const problems = problemsFromSchema(webinarInputSchema, payload);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, payload: webinarInputSchema.parse(payload) };
}
