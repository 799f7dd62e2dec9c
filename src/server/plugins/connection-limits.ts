import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The limits on open connections, beside Node's own cap of MAX_CONNECTIONS (app.ts), so
 * that slow clients cannot shut the others out (docs/decisions/026-trusted-proxies.md):
 *
 * - One client address may hold `maxPerAddress` connections; beyond them a new one is
 *   closed at once. Without it one address holding MAX_CONNECTIONS slow connections would
 *   shut every other visitor out.
 * - Many addresses, each below that cap, could still fill MAX_CONNECTIONS together. From
 *   `pressureShare` of `max` on the server is under pressure: a connection still sending
 *   its request after `pressureRequestMs` is closed (not after REQUEST_TIMEOUT_MS), and
 *   each new connection beyond that share closes the one that has been sending its request
 *   the longest, so that the rest stays free for new clients.
 *
 * A connection is sending its request from its start, or from the end of its last answer,
 * until the request's headers are in (or, for a request with a body, until the body is);
 * an idle keep-alive connection is sending too. A connection busy with an answer is never
 * closed here. Closed connections get no answer, as beyond MAX_CONNECTIONS. Trusted
 * proxies are not counted per address and never closed here (their connections carry many
 * clients, and closing an idle one races with a request the proxy may be sending on it):
 * behind them the proxy limits its clients (deploy/nginx/shop.conf).
 */
const pressureShare = 0.75;

export interface ConnectionLimitOptions {
  /** MAX_CONNECTIONS. */
  max: number;
  /** MAX_CONNECTIONS_PER_ADDRESS. */
  maxPerAddress: number;
  /** How long a connection may take to send its request while the server is under pressure. */
  pressureRequestMs: number;
  /** Whether the peer is a trusted proxy. */
  exempt(address: string | undefined): boolean;
}

interface Connection {
  /** Since when it has been sending its request. */
  since: number;
  /** Its requests whose answers are not finished. */
  answering: number;
  /** Its latest request, whose body may still be arriving. */
  request: IncomingMessage | undefined;
}

const isSending = (connection: Connection) => connection.answering === 0 || (connection.request !== undefined && !connection.request.complete);
const hasBody = (request: IncomingMessage) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export function limitConnections(server: Server, options: ConnectionLimitOptions): void {
  const pressureAt = Math.floor(options.max * pressureShare);
  const perAddress = new Map<string, number>();
  /** The open connections of proxies. */
  let ofProxies = 0;
  /** The open connections of clients, but those closed here, which no longer count. */
  const connections = new Map<Socket, Connection>();
  const openCount = () => ofProxies + connections.size;
  /**
   * The connections of clients that may be sending their request, the longest sending
   * first (insertion order); one whose request turned out to have its body in and is being
   * answered stays until its answer ends, and is passed over.
   */
  const sending = new Set<Socket>();

  /** Closes a client's connection, unanswered; from now on it no longer counts. */
  const close = (socket: Socket) => {
    connections.delete(socket);
    sending.delete(socket);
    socket.destroy();
  };

  const startSending = (socket: Socket, connection: Connection) => {
    connection.since = Date.now();
    connection.request = undefined;
    sending.delete(socket);
    sending.add(socket);
  };

  /** Closes the connections that have been sending their request longer than allowed under pressure. */
  const closeSlow = () => {
    if (openCount() < pressureAt) return;
    const tooEarly = Date.now() - options.pressureRequestMs;
    for (const socket of sending) {
      const connection = connections.get(socket);
      if (!connection) continue;
      if (connection.since > tooEarly) break;
      if (isSending(connection)) close(socket);
    }
  };

  /** Closes the connection, other than `newcomer`, that has been sending its request the longest. */
  const closeSlowest = (newcomer: Socket) => {
    for (const socket of sending) {
      const connection = connections.get(socket);
      if (socket === newcomer || !connection || !isSending(connection)) continue;
      close(socket);
      return;
    }
  };

  /** Counts a connection of a client in; false when its address already holds as many as it may. */
  const admitClient = (socket: Socket): boolean => {
    const address = socket.remoteAddress;
    if (address !== undefined) {
      const count = perAddress.get(address) ?? 0;
      if (count >= options.maxPerAddress) return false;
      perAddress.set(address, count + 1);
    }
    const connection: Connection = { since: 0, answering: 0, request: undefined };
    connections.set(socket, connection);
    startSending(socket, connection);
    socket.once('close', () => {
      connections.delete(socket);
      sending.delete(socket);
      if (address === undefined) return;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    return true;
  };

  server.on('connection', (socket: Socket) => {
    if (options.exempt(socket.remoteAddress)) {
      ofProxies += 1;
      socket.once('close', () => (ofProxies -= 1));
    } else if (!admitClient(socket)) {
      socket.destroy();
      return;
    }
    if (openCount() > pressureAt) {
      closeSlow();
      closeSlowest(socket);
    }
  });

  // Before Fastify's own listener, so that a request counts as in from the moment its headers are.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.answering += 1;
    connection.request = request;
    if (!hasBody(request)) sending.delete(request.socket);
    response.once('close', () => {
      connection.answering -= 1;
      if (connection.answering === 0 && connections.has(request.socket)) startSending(request.socket, connection);
    });
  });

  // Under pressure the connections that take too long are looked for a few times within
  // `pressureRequestMs`, also while no new connection arrives.
  let timer: NodeJS.Timeout | undefined;
  server.on('listening', () => {
    clearInterval(timer);
    timer = setInterval(closeSlow, Math.max(50, Math.min(1_000, options.pressureRequestMs / 4)));
    timer.unref();
  });
  server.on('close', () => clearInterval(timer));
}
