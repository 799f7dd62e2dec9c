import type { webinars as reference } from '../en-US/webinars.ts';

/** Die Webinar-Seiten des Shops und die Webinar-Verwaltung im Backoffice. */
export const webinars = {
} satisfies Record<keyof typeof reference, string>;
