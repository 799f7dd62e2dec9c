import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import { handAllToNode } from '#server/http/ready-connections.ts';

/**
 * How the HTTP server stops without failing a request that a client or a proxy sends
 * meanwhile (docs/decisions/033-start-and-stop.md).
 *
 * - The listening socket closes first: a proxy that connects now is refused before it has
 *   sent anything, and nginx then passes even a POST to another copy.
 * - Requests in progress are answered, with `Connection: close`, and so is any request
 *   that still arrives on an open connection: nginx learns from the answer that the
 *   connection ends, instead of from a reset.
 * - An idle connection of a client goes at once. An idle connection of a proxy (one of
 *   TRUST_PROXY) is left for the proxy to close: closing it ourselves races with a request
 *   the proxy may be sending on it at that moment, which nginx does not retry when it is a
 *   POST. nginx closes its idle connections to the copies first (deploy/nginx/shop.conf:
 *   its `keepalive_timeout` is shorter than the server's keep-alive timeout).
 * - After `timeoutMs` whatever is still open is closed.
 *
 * Node's own `server.close()` would close every idle connection at once, a proxy's too,
 * hence the listening socket is closed on its own here.
 */
export interface GracefulStop {
  /** Stops as above; resolves once every connection is closed. */
  stop(timeoutMs: number): Promise<void>;
}

export function followConnections(server: Server, options: { isProxy(address: string | undefined): boolean }): GracefulStop {
  /** Each open connection, with its requests in progress. */
  const open = new Map<Socket, number>();
  const answers = new Set<ServerResponse>();
  let stopping = false;

  const closeIfIdle = (socket: Socket) => {
    const ofProxy = options.isProxy(socket.remoteAddress);
    if (open.get(socket) === 0 && !ofProxy) socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    open.set(socket, 0);
    socket.once('close', () => open.delete(socket));
  });
  // Before Fastify's own listener, so that the header is set before any answer is written.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    open.set(socket, (open.get(socket) ?? 0) + 1);
    answers.add(response);
    if (stopping) response.setHeader('connection', 'close');
    response.once('close', () => {
      answers.delete(response);
      const requests = open.get(socket);
      if (requests === undefined) return; // the connection closed first
      open.set(socket, requests - 1);
      if (stopping) closeIfIdle(socket);
    });
  });

  return {
    async stop(timeoutMs) {
      stopping = true;
      // Connections the front still holds become Node's, which the rules above then cover.
      handAllToNode(server);
      if (server.listening) net.Server.prototype.close.call(server);
      for (const response of answers) if (!response.headersSent) response.setHeader('connection', 'close');
      for (const socket of open.keys()) closeIfIdle(socket);
      const deadline = Date.now() + timeoutMs;
      while (open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      server.closeAllConnections();
    },
  };
}
