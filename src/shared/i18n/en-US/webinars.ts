/** The webinar pages of the shop and the back office's webinar admin. */
export const webinars = {
} as const;
