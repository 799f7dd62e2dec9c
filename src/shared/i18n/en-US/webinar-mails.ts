/** The webinar sign-up's answer, its confirmation mail and the invitation's texts. */
export const webinarMails = {
} as const;
