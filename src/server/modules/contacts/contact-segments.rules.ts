import { sql, type SQL } from 'drizzle-orm';
import { contacts } from '#server/modules/contacts/contacts.schema.ts';

/**
 * The contacts a newsletter segment reaches, as a subquery (`id`, `language`) that the
 * newsletter module joins to its subscriptions in its own statements: the contacts table is
 * this module's (docs/decisions/058-tables-owned-by-modules.md), and the sending job writes
 * an issue's recipients in one statement. Builds SQL; runs nothing.
 *
 * Of one of the languages (a contact without one counts as en-US), and, for each list that
 * is not empty, with one of its roles, experience levels.
 */
export function contactsOfSegment(segment: { languages: readonly string[]; roles: readonly string[]; experienceLevels: readonly string[] }): SQL {
  const conditions: SQL[] = [
    sql`coalesce(${contacts.preferredLanguage}, 'en-US') in (${sql.join(
      segment.languages.map((language) => sql`${language}`),
      sql`, `,
    )})`,
  ];
  if (segment.roles.length > 0) conditions.push(sql`${contacts.role} in (${sql.join(segment.roles.map((role) => sql`${role}`), sql`, `)})`);
  if (segment.experienceLevels.length > 0) {
    conditions.push(sql`${contacts.experienceLevel} in (${sql.join(segment.experienceLevels.map((level) => sql`${level}`), sql`, `)})`);
  }
  return sql`select ${contacts.id} as id, coalesce(${contacts.preferredLanguage}, 'en-US') as language from ${contacts} where ${sql.join(conditions, sql` and `)}`;
}

/** Every contact's address and first name, as a subquery (`id`, `email`, `first_name`): the newsletter's recipients of a batch join it. */
export function contactAddresses(): SQL {
  return sql`select ${contacts.id} as id, ${contacts.email} as email, ${contacts.firstName} as first_name from ${contacts}`;
}
