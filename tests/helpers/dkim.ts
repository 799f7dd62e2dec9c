import { generateKeyPairSync } from 'node:crypto';

/**
 * A new RSA key for DKIM signing under `selector` of `domain`: the private key as the
 * server takes it (PEM, DKIM_PRIVATE_KEY), and the DNS a receiving mail server asks, which
 * publishes the public key in the selector's TXT record and nothing else (a resolver for
 * mailauth's verifier, tests/helpers/mailauth.d.ts).
 */
export function dkimKey(domain: string, selector: string): { privatePem: string; resolver: (name: string, type: string) => Promise<string[][]> } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    async resolver(name, type) {
      if (type === 'TXT' && name === `${selector}._domainkey.${domain}`) return [[`v=DKIM1; k=rsa; p=${publicDer}`]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    },
  };
}
