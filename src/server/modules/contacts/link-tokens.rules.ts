import { createHash, randomBytes } from 'node:crypto';

/**
 * A token for a link sent by mail (the newsletter's preference centre, a deletion): 256
 * random bits, base64url (43 characters). Only its hash is stored, so a copy of the
 * database opens no link; a link is looked up by the hash of its token.
 */
export function createLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');
