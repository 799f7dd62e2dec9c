/**
 * The DKIM verifier of the mail tests (the package ships no types): it checks each
 * DKIM-Signature of a message against the key the resolver answers for
 * `{selector}._domainkey.{domain}`, as a receiving mail server does.
 */
declare module 'mailauth/lib/dkim/verify.js' {
  interface DkimResult {
    signingDomain: string;
    selector: string;
    status: { result: 'pass' | 'fail' | 'neutral' | 'none' | 'temperror' | 'permerror' | 'policy'; comment?: string; header?: Record<string, string> };
  }
  export function dkimVerify(
    message: Buffer | string,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: DkimResult[] }>;
}
