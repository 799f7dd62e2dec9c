import { describe, expect, it } from 'vitest';
import { webinarInputSchema, type AdminWebinar } from '#shared/schemas/webinars.ts';
import { problemsFromSchema } from '#client/ui/form/problems.ts';
import { emptyWebinarForm, formValuesOf, webinarPayloadOf, type WebinarFormValues } from './webinar-form-values.ts';

/** As the form checks its payload before sending (useForm with the shared schema). */
function checkWebinarForm(values: WebinarFormValues) {
  const payload = webinarPayloadOf(values);
  const problems = problemsFromSchema(webinarInputSchema, payload);
  return Object.keys(problems).length > 0 ? { ok: false as const, problems } : { ok: true as const, payload: webinarInputSchema.parse(payload) };
}

const filled: WebinarFormValues = {
  code: ' PHISHING-2027-02 ',
  title: ' Spotting phishing ',
  language: 'de-CH',
  date: '2027-02-03',
  time: '14:00',
  durationMinutes: '90',
  description: 'What phishing looks like.\n\nHow to report it.',
  link: 'https://meet.example.com/phishing',
};

describe('webinarPayloadOf, checked with the shared schema', () => {
  it('sends the start as the UTC instant of the Zurich time, trimmed texts and the duration as a number', () => {
    expect(checkWebinarForm(filled)).toEqual({
      ok: true,
      payload: {
        code: 'PHISHING-2027-02',
        title: 'Spotting phishing',
        language: 'de-CH',
        startsAt: '2027-02-03T13:00:00.000Z',
        durationMinutes: 90,
        description: 'What phishing looks like.\n\nHow to report it.',
        link: 'https://meet.example.com/phishing',
      },
    });
    expect(checkWebinarForm({ ...filled, date: '2027-07-03' })).toMatchObject({ ok: true, payload: { startsAt: '2027-07-03T12:00:00.000Z' } });
  });

  it('names every problem of an empty form at its field, with the shared schema\'s texts', () => {
    const checked = checkWebinarForm({ ...emptyWebinarForm, durationMinutes: '' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual({
      code: { key: 'error.required' },
      title: { key: 'error.required' },
      language: { key: 'error.invalidOption' },
      startsAt: { key: 'error.invalidDateTime' },
      durationMinutes: { key: 'error.tooSmall', params: { min: 15 } },
      description: { key: 'error.required' },
      link: { key: 'error.required' },
    });
  });

  it.each([
    [{ code: 'PHISHING 2027' }, 'code', { key: 'error.webinarCode' }],
    [{ link: 'http://meet.example.com/x' }, 'link', { key: 'error.httpsLink' }],
    [{ link: 'meet.example.com' }, 'link', { key: 'error.httpsLink' }],
    [{ durationMinutes: '10' }, 'durationMinutes', { key: 'error.tooSmall', params: { min: 15 } }],
    [{ durationMinutes: '481' }, 'durationMinutes', { key: 'error.tooBig', params: { max: 480 } }],
    [{ time: '' }, 'startsAt', { key: 'error.invalidDateTime' }],
    // Zurich's clocks skip from 02:00 to 03:00 on 28 March 2027.
    [{ date: '2027-03-28', time: '02:30' }, 'startsAt', { key: 'error.invalidDateTime' }],
  ] as const)('%o is a problem of %s', (change, field, problem) => {
    const checked = checkWebinarForm({ ...filled, ...change });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems).toEqual({ [field]: problem });
  });
});

describe('formValuesOf', () => {
  it('shows a stored webinar with its start on Zurich\'s clocks', () => {
    const webinar: AdminWebinar = {
      id: '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b',
      code: 'PHISHING-2027-07',
      title: 'Spotting phishing',
      language: 'en-US',
      startsAt: '2027-07-03T12:00:00Z',
      durationMinutes: 45,
      description: 'Text',
      link: 'https://meet.example.com/phishing',
      subscriberCount: 3,
    };
    const values = formValuesOf(webinar);
    expect(values).toEqual({
      code: 'PHISHING-2027-07',
      title: 'Spotting phishing',
      language: 'en-US',
      date: '2027-07-03',
      time: '14:00',
      durationMinutes: '45',
      description: 'Text',
      link: 'https://meet.example.com/phishing',
    });
    expect(checkWebinarForm(values)).toMatchObject({ ok: true, payload: { startsAt: '2027-07-03T12:00:00.000Z' } });
  });
});
