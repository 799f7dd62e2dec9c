import { BlockList, isIP } from 'node:net';
import type { TrustedProxies } from '#server/env.ts';

/**
 * Who the client is. The per-address limits (mail forms, staff sign-in) and the addresses
 * recorded with staff sessions use `request.ip`; it may only be taken from X-Forwarded-For
 * where a proxy we trust wrote it, or any client could name itself
 * (docs/decisions/026-trusted-proxies.md).
 */
interface ClientAddressRules {
  /** Fastify's `trustProxy`: whether the peer at this hop (0 = the connection's own peer) may say whom it forwards. */
  trustProxy: false | ((address: string, hop: number) => boolean);
  /** Whether a connection from this address comes from a proxy: it carries many clients, so it is not capped per address. */
  isProxy(address: string): boolean;
}

export function clientAddressRules(trusted: TrustedProxies): ClientAddressRules {
  if (trusted === false) return { trustProxy: false, isProxy: () => false };
  if ('hops' in trusted) {
    // Every peer is taken for a proxy: this setting is only safe where the port is reachable
    // through the proxies alone (env.ts, .env.example). Fastify no longer takes a bare hop
    // count (it would trust nobody), hence the function.
    const { hops } = trusted;
    return { trustProxy: (_address, hop) => hop < hops, isProxy: () => true };
  }
  const proxies = new BlockList();
  for (const entry of trusted.addresses) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  // BlockList also matches an IPv4 rule against the IPv4-mapped form (::ffff:10.0.0.2) of a dual-stack socket.
  const isProxy = (address: string) => {
    const family = isIP(address);
    return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return { trustProxy: isProxy, isProxy };
}
