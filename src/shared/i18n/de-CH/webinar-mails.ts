import type { webinarMails as reference } from '../en-US/webinar-mails.ts';

/** Die Antwort der Webinar-Anmeldung, ihre Bestätigungs-E-Mail und die Texte der Einladung. */
export const webinarMails = {
} satisfies Record<keyof typeof reference, string>;
