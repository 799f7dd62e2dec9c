/** The staff account the browser journeys' server creates at start (playwright.config.ts). */
export const staffAccount = { email: 'staff.e2e@cybersafe-academy.example', password: 'Harbour-Violet-Zebra-2026' } as const;
