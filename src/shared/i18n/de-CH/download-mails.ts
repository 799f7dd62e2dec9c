import type { downloadMails as reference } from '../en-US/download-mails.ts';

/** Die Antwort auf eine Download-Anforderung und die Mail mit dem signierten Link (src/server/modules/downloadables/). */
export const downloadMails = {
  'downloadables.confirmation': 'Vielen Dank. Der Link zum Herunterladen von «{title}» ist unterwegs an {email}. Er ist {days} Tage gültig.',
  'downloadMail.subject': 'Ihr Download: {title}',
  'downloadMail.intro': 'Vielen Dank für Ihr Interesse an «{title}». Ihr Exemplar ist bereit: Laden Sie das PDF über den Link unten herunter.',
  'downloadMail.button': 'PDF herunterladen',
  'downloadMail.validity': 'Der Link ist {days} Tage gültig, bis am {date}, für alle, die ihn haben; bitte geben Sie ihn nicht weiter. Danach erhalten Sie hier einen neuen Link: {page}',
  'downloadMail.notYou': 'Sie haben dieses Dokument nicht angefordert? Dann können Sie diese E-Mail ignorieren.',
} as const satisfies Record<keyof typeof reference, string>;
