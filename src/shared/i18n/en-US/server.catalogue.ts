import { accountMails } from './account-mails.ts';
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

/** What only the server writes: mails, invoice PDFs, calendar files, CSV exports and the API's errors and answers. The server holds this and every browser catalogue, in every language (src/shared/i18n/messages.ts). */
export const catalogue = { ...apiErrors, ...shopMails, ...contact, ...downloadMails, ...newsletter, ...ordersAdmin, ...invoice, ...webinarMails, ...staffMails, ...billingMails, ...accountMails, ...seatMails };
