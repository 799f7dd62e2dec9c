import { accountMails } from './account-mails.ts';
import type { catalogue as reference } from '../en-US/server.catalogue.ts';
import { apiErrors } from './api-errors.ts';
import { billingMails } from './billing-mails.ts';
import { contact } from './contact.ts';
import { downloadMails } from './download-mails.ts';
import { invoice } from './invoice.ts';
import { newsletter } from './newsletter.ts';
import { ordersAdmin } from './orders-admin.ts';
import { seatMails } from './seat-mails.ts';
import { shopMails } from './shop-mails.ts';
import { staffMails } from './staff-mails.ts';
import { webinarMails } from './webinar-mails.ts';

/** Was nur der Server schreibt: Mails, Rechnungs-PDFs, Kalenderdateien, CSV-Exporte, Fehler und Antworten der API. */
export const catalogue = { ...apiErrors, ...shopMails, ...contact, ...downloadMails, ...newsletter, ...ordersAdmin, ...invoice, ...webinarMails, ...staffMails, ...billingMails, ...accountMails, ...seatMails } satisfies Record<keyof typeof reference, string>;
