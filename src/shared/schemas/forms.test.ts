import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translateAll } from '../i18n/messages.ts';
import {
  contactFormSchema,
  contactRecipients,
  experienceLevels,
  formSubmissionSchema,
  genders,
  roles,
} from './forms.ts';
import { fieldErrorsOf } from './validation.ts';

const valid = {
  firstName: 'Anna',
  email: 'anna@example.ch',
  captchaSolution: 'c29sdXRpb24=',
  agreeWithDataPrivacy: true,
};

/** The field errors the server would answer, as the form layout parses them. */
function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : fieldErrorsOf(result.error);
}

describe('formSubmissionSchema', () => {
  it('accepts the required fields alone and trims texts', () => {
    const result = formSubmissionSchema.parse({ ...valid, firstName: '  Anna ', email: ' anna@example.ch ' });
    expect(result).toEqual(valid);
  });

  it('accepts every optional field', () => {
    const full = {
      ...valid,
      lastName: 'Muster',
      preferredLanguage: 'de-CH',
      newsletterEnabled: true,
      phoneNumber: '044 668-18 00',
      phoneCountryCode: 'ch',
      companyName: 'Muster AG',
      role: 'CISO',
      experienceLevel: 'EXPERT',
      topicIds: ['phishing'],
      gender: 'FEMALE',
    };
    expect(formSubmissionSchema.parse(full)).toEqual({ ...full, phoneCountryCode: 'CH' });
  });

  it('treats blank optional fields as not given', () => {
    const result = formSubmissionSchema.parse({
      ...valid,
      lastName: '',
      companyName: '   ',
      phoneNumber: '',
      phoneCountryCode: null,
      role: '',
      experienceLevel: '',
      gender: '',
    });
    expect(result).toEqual(valid);
  });

  it('requires first name, e-mail, consent and captcha solution', () => {
    expect(errorsOf(formSubmissionSchema, {})).toEqual([
      { field: 'firstName', code: 'required', message: 'error.required' },
      { field: 'email', code: 'required', message: 'error.required' },
      { field: 'captchaSolution', code: 'required', message: 'error.required' },
      { field: 'agreeWithDataPrivacy', code: 'required', message: 'error.consentRequired' },
    ]);
    expect(errorsOf(formSubmissionSchema, { ...valid, firstName: '   ', email: '' })).toEqual([
      { field: 'firstName', code: 'required', message: 'error.required' },
      { field: 'email', code: 'required', message: 'error.required' },
    ]);
  });

  it('refuses a consent that is not exactly true', () => {
    // Unticked, the consent is missing; anything else than a tick is not one of its values.
    for (const [agreeWithDataPrivacy, code] of [
      [false, 'required'],
      ['true', 'invalidOption'],
      [1, 'invalidOption'],
    ]) {
      expect(errorsOf(formSubmissionSchema, { ...valid, agreeWithDataPrivacy })).toEqual([{ field: 'agreeWithDataPrivacy', code, message: 'error.consentRequired' }]);
    }
  });

  it('refuses a malformed e-mail address', () => {
    for (const email of ['anna', 'anna@', 'anna@example', 'an na@example.ch']) {
      expect(errorsOf(formSubmissionSchema, { ...valid, email }).map((e) => [e.field, e.message]), email).toEqual([
        ['email', 'error.invalidEmail'],
      ]);
    }
  });

  it('limits the length of names', () => {
    expect(errorsOf(formSubmissionSchema, { ...valid, firstName: 'a'.repeat(100) })).toEqual([]);
    expect(errorsOf(formSubmissionSchema, { ...valid, firstName: 'a'.repeat(101) })).toEqual([
      { field: 'firstName', code: 'tooLong', message: 'error.tooLong', params: { max: 100 } },
    ]);
  });

  it('allows only digits, space and minus in the phone number, with the phone-format text', () => {
    for (const phoneNumber of ['0446681800', '44 668 18 00', '044-668-18-00']) {
      expect(errorsOf(formSubmissionSchema, { ...valid, phoneNumber, phoneCountryCode: 'CH' }), phoneNumber).toEqual([]);
    }
    for (const phoneNumber of ['+41 44 668 18 00', '(044) 668', '044/668', 'call me', '044-']) {
      expect(errorsOf(formSubmissionSchema, { ...valid, phoneNumber, phoneCountryCode: 'CH' }), phoneNumber).toEqual([
        { field: 'phoneNumber', code: 'invalid', message: 'error.phoneFormat' },
      ]);
    }
    expect(translateAll('error.phoneFormat')['en-US']).toBe(
      'Only use numbers, space, and minus. Please use the international phone number format with your selected country code.',
    );
  });

  it('needs the country of a phone number, as an ISO code', () => {
    expect(errorsOf(formSubmissionSchema, { ...valid, phoneNumber: '44 668 18 00' })).toEqual([
      { field: 'phoneCountryCode', code: 'required', message: 'error.required' },
    ]);
    expect(errorsOf(formSubmissionSchema, { ...valid, phoneNumber: '44 668 18 00', phoneCountryCode: '+41' })).toEqual([
      { field: 'phoneCountryCode', code: 'invalid', message: 'error.invalidOption' },
    ]);
  });

  it('refuses values outside the enumerations', () => {
    expect(
      errorsOf(formSubmissionSchema, { ...valid, role: 'CEO', experienceLevel: 'GURU', gender: 'X', preferredLanguage: 'fr-CH' }).map(
        (e) => [e.field, e.message],
      ),
    ).toEqual([
      ['preferredLanguage', 'error.invalidOption'],
      ['role', 'error.invalidOption'],
      ['experienceLevel', 'error.invalidOption'],
      ['gender', 'error.invalidOption'],
    ]);
  });

  it('checks the topic ids', () => {
    expect(errorsOf(formSubmissionSchema, { ...valid, topicIds: [] })).toEqual([]);
    expect(errorsOf(formSubmissionSchema, { ...valid, topicIds: ['ok', ''] }).map((e) => e.field)).toEqual(['topicIds.1']);
    expect(errorsOf(formSubmissionSchema, { ...valid, topicIds: 'phishing' }).map((e) => e.field)).toEqual(['topicIds']);
  });

  it('exports the gender, role, experience-level and recipient enumerations', () => {
    expect(genders).toEqual(['MALE', 'FEMALE', 'OTHER']);
    expect(roles).toHaveLength(14);
    expect(roles).toContain('INFORMATION_SECURITY_OFFICER');
    expect(experienceLevels).toEqual(['NONE', 'BEGINNER', 'INTERMEDIATE', 'EXPERT']);
    expect(contactRecipients).toEqual([
      'MESSAGE_CENTRAL',
      'EDUCATION_EXPERT',
      'DATA_PRIVACY_OFFICER',
      'INFORMATION_SECURITY_OFFICER_SECURITY_ISSUES_ONLY',
    ]);
  });
});

describe('contactFormSchema', () => {
  const contact = { ...valid, recipient: 'EDUCATION_EXPERT', subject: 'Training for 40 people', message: 'We would like an offer for 40 seats.' };

  it('accepts a complete contact message', () => {
    expect(contactFormSchema.parse({ ...contact, company: 'Muster AG' })).toEqual({ ...contact, company: 'Muster AG' });
  });

  it('requires recipient, subject and a message of at least 20 characters', () => {
    expect(errorsOf(contactFormSchema, valid).map((e) => [e.field, e.message])).toEqual([
      ['recipient', 'error.invalidOption'],
      ['subject', 'error.required'],
      ['message', 'error.required'],
    ]);
    expect(errorsOf(contactFormSchema, { ...contact, message: '  too short, really  ' })).toEqual([
      { field: 'message', code: 'tooShort', message: 'error.tooShort', params: { min: 20 } },
    ]);
    expect(errorsOf(contactFormSchema, { ...contact, message: 'x'.repeat(20) })).toEqual([]);
  });

  it('keeps the phone rules of the other forms', () => {
    expect(errorsOf(contactFormSchema, { ...contact, phoneNumber: '+41', phoneCountryCode: 'CH' }).map((e) => e.message)).toEqual([
      'error.phoneFormat',
    ]);
  });
});
