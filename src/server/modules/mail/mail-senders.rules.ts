/** A sender of the shop's mails: its address, and the domain of the Message-IDs of its mails. */
export interface MailSettings {
  from: string;
  domain: string;
}

/** The settings of a sender: its address, and its domain for the Message-IDs. */
export const mailSettingsFor = (from: string): MailSettings => ({ from, domain: from.split('@')[1] ?? 'localhost' });
