import type { Db } from '#server/db/client.ts';
import type { ConsentSource, ConsentSubject } from '#shared/consents.ts';
import type { Language } from '#shared/locales.ts';
import * as repo from './people.repository.ts';

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

/** The key of a person: the e-mail address, trimmed and lower-cased. */
const contactEmail = (email: string): string => email.trim().toLowerCase();

/**
 * People and their consents (docs/product/people.md): everyone who leaves an address
 * through a form is one contact, and each consent is a row of its own.
 */
export function createPeopleService() {
  return {
    /**
     * Records what a form said about a person, inside the form's own transaction `tx`:
     * creates the contact or fills its empty fields (an anonymous form never overwrites
     * what is stored), and adds one row per consent. Returns the contact's id, for the
     * form's own row (a message, a sign-up) to point to.
     */
    async recordPerson(tx: Db, person: PersonDetails, source: ConsentSource, statements: ConsentStatement[]): Promise<string> {
      const contactId = await repo.upsertFillingGaps(tx, {
        email: contactEmail(person.email),
        firstName: person.firstName ?? null,
        lastName: person.lastName ?? null,
        gender: person.gender ?? null,
        companyName: person.companyName ?? null,
        phoneCountryCode: person.phoneNumber === undefined ? null : (person.phoneCountryCode ?? null),
        phoneNumber: person.phoneNumber ?? null,
        role: person.role ?? null,
        experienceLevel: person.experienceLevel ?? null,
        preferredLanguage: person.preferredLanguage ?? null,
      });
      await repo.insertConsents(
        tx,
        statements.map((statement) => ({ contactId, source, ...statement })),
      );
      return contactId;
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
