import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Env } from '#server/env.ts';

/**
 * Who the client is. The per-address limits (mail forms, staff sign-in) and the addresses
 * recorded with staff sessions use `request.ip`; it may only be taken from X-Forwarded-For
 * where a proxy we trust wrote it, or any client could name itself
 * (docs/decisions/026-trusted-proxies.md).
 */
interface ClientAddressRules {
  /** Fastify's `trustProxy`: whether the peer at this hop (0 = the connection's own peer) may say whom it forwards. */
  trustProxy: false | ((address: string, hop: number) => boolean);
  /**
   * Whether a connection from this address comes from a proxy: it carries many clients, so
   * it is not capped per address. The address is undefined over a Unix socket (and once a
   * connection is closed).
   */
  isProxy(address: string | undefined): boolean;
  /** Completes what a request says of its client before anything reads it (over a Unix socket). */
  nameClient(request: IncomingMessage): void;
}

/** The client of a request over the Unix socket that no proxy forwarded: a process of this machine. */
const thisMachine = '127.0.0.1';

export function clientAddressRules(env: Pick<Env, 'TRUST_PROXY' | 'SOCKET_PATH'>): ClientAddressRules {
  const nameClient = () => undefined;
  if (env.SOCKET_PATH !== undefined) {
    // Only processes allowed to open the socket file reach it (src/server/listen.ts makes it
    // the owner's and the group's): its peer is the proxy, which names the client in
    // X-Forwarded-For (deploy/nginx/shop.conf); the peer has no address to check.
    return {
      trustProxy: (_address, hop) => hop === 0,
      isProxy: () => true,
      nameClient: (request) => {
        request.headers['x-forwarded-for'] ??= thisMachine;
      },
    };
  }
  const trusted = env.TRUST_PROXY;
  if (trusted === false) return { trustProxy: false, isProxy: () => false, nameClient };
  if ('hops' in trusted) {
    // Every peer is taken for a proxy: this setting is only safe where the port is reachable
    // through the proxies alone (env.ts, .env.example). Fastify no longer takes a bare hop
    // count (it would trust nobody), hence the function.
    const { hops } = trusted;
    return { trustProxy: (_address, hop) => hop < hops, isProxy: () => true, nameClient };
  }
  const proxies = new BlockList();
  for (const entry of trusted.addresses) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  // BlockList also matches an IPv4 rule against the IPv4-mapped form (::ffff:10.0.0.2) of a dual-stack socket.
  const isProxy = (address: string | undefined) => {
    const family = address === undefined ? 0 : isIP(address);
    return address !== undefined && family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return { trustProxy: isProxy, isProxy, nameClient };
}
