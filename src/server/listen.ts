import { chmod, lstat, unlink } from 'node:fs/promises';
import net from 'node:net';
import type { App } from './app.ts';
import type { Env } from './env.ts';

/**
 * Listens where the environment says: on the Unix socket of SOCKET_PATH, or on HOST:PORT.
 * Answers the address, for the start's message.
 *
 * The socket file is made the owner's and the group's alone (0660): over a socket, the
 * file's permissions decide who reaches the server, where 127.0.0.1:PORT lets in every
 * process of the machine. The proxy's user must be the server's or in its group (README).
 */
export async function listenAsConfigured(app: App, env: Pick<Env, 'HOST' | 'PORT' | 'SOCKET_PATH'>): Promise<string> {
  if (env.SOCKET_PATH === undefined) return app.listen({ port: env.PORT, host: env.HOST });
  await removeStaleSocket(env.SOCKET_PATH);
  const address = await app.listen({ path: env.SOCKET_PATH });
  await chmod(env.SOCKET_PATH, 0o660);
  return address;
}

/**
 * A server that stops removes its socket file, one that ends abruptly leaves it behind,
 * and listening there would fail: such a file, which nobody answers on, is removed. A
 * socket some server answers on, or a file that is no socket, is left alone and stops the start.
 */
async function removeStaleSocket(socketPath: string): Promise<void> {
  const found = await lstat(socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (found === undefined) return;
  if (!found.isSocket()) throw new Error(`SOCKET_PATH ${socketPath} exists and is not a socket`);
  const answered = await new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (answered) throw new Error(`another server listens on SOCKET_PATH ${socketPath}`);
  await unlink(socketPath);
}
