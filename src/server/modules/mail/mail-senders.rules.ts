/** A sender of the shop's mails: its From (with a display name, if it has one), its bare address, and the domain of the Message-IDs of its mails. */
export interface MailSettings {
  from: string;
  address: string;
  domain: string;
}

/** `CyberSafe Academy <shop@example.ch>` or `"CyberSafe Academy" <shop@example.ch>`: the name and the address. */
const namedAddress = /^\s*(?:"([^"\r\n]*)"|([^"<>\r\n]*?))\s*<([^<>\s]+)>\s*$/;

/** The bare address of a sender (`shop@example.ch` of `CyberSafe Academy <shop@example.ch>`), for envelopes and mailto: links. */
export function addressOf(from: string): string {
  return namedAddress.exec(from)?.[3] ?? from.trim();
}

/** The settings of a sender (MAIL_FROM, NEWSLETTER_FROM, with or without a display name). */
export const mailSettingsFor = (from: string): MailSettings => {
  const address = addressOf(from);
  return { from: from.trim(), address, domain: address.split('@')[1] ?? 'localhost' };
};
