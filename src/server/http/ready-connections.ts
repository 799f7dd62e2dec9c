import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The connection front (docs/decisions/079-ready-answers-on-the-connection.md): the first
 * reader of every connection, which answers requests for ready answers (the marketing
 * pages) itself, from their bytes, and hands the connection to Node's HTTP server at the
 * first request it does not answer, with every byte it has not answered, unread.
 *
 * Node's HTTP server spends about twice nginx's CPU on an answer made beforehand, most of
 * it in making the request and response objects; the front spends about what nginx does.
 * It is deliberately narrow, so that everything unusual meets Node's parser and its
 * checks exactly as before:
 *
 * - it answers only a whole request head that arrived at once: `GET` or `HEAD`, an origin
 *   path, `HTTP/1.1`, one Host, header names that are tokens, values without control
 *   characters, lines ending in CRLF, at most `maxHeadBytes`;
 * - a request with a body (Content-Length, Transfer-Encoding), Expect, Upgrade, or a
 *   Connection other than keep-alive, any request the answerer declines, and a head that
 *   has not arrived whole, go to Node with the connection;
 * - an idle connection closes after `keepAliveMs`, a silent new one after `requestTimeoutMs`,
 *   as Node's own would;
 * - a client that does not read its answers is not read either until it does.
 *
 * Once handed over, a connection stays with Node's server (which answers ready pages too,
 * through src/server/modules/pages/ready-pages.service.ts). So does every connection once
 * the server stops gracefully (`handAllToNode`), where the graceful stop's rules apply; when
 * the app closes without that stop (`closeHeld`), the front closes what it holds, all idle.
 */

/** A request head as the front read it: Node's names for the same things. */
interface RequestHead {
  method: 'GET' | 'HEAD';
  url: string;
  httpVersion: '1.1';
  /** The values of the headers of `FrontOptions.readHeaders`, in that order; a repeated one joined by its separator. */
  values: (string | undefined)[];
  /**
   * The size of the head: more than the check of src/server/plugins/errors.ts counts for its
   * header lines (it leaves out the request line, the colons and the blanks around values).
   */
  headBytes: number;
  socket: Socket;
}

/** An answer the front writes: headers as name, value, name, value … */
interface FrontAnswer {
  status: 200 | 304;
  /** The same list object for every answer of one variant: its bytes are made once. */
  fixed: string[];
  perRequest: string[];
  body: Buffer | undefined;
}

export interface FrontOptions {
  /** The answer to a request head, or undefined to leave the connection to Node. */
  answer(head: RequestHead): FrontAnswer | undefined;
  /**
   * The headers whose values `answer` reads (`RequestHead.values`), by lower-case name, each
   * with what joins its repeated lines (as Node's `request.headers` joins them).
   */
  readHeaders: readonly { name: string; separator: string }[];
  keepAliveMs: number;
  requestTimeoutMs: number;
  /** Longer heads go to Node, whose check refuses them (src/server/plugins/errors.ts). */
  maxHeadBytes: number;
  /** Told of a failure of `answer` for a request of `method`; the request then goes to Node. */
  failed(error: unknown, method: string): void;
}

const statusLines: Record<FrontAnswer['status'], string> = { 200: 'HTTP/1.1 200 OK\r\n', 304: 'HTTP/1.1 304 Not Modified\r\n' };
const requestLine = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1$/;
/**
 * Header lines the front reads itself: names that are tokens, values without control
 * characters other than tab (a lone CR or LF among them), each line ending in CRLF. Any
 * other head goes to Node's parser. One expression over all the lines, as a loop per line
 * cost more than the rest of reading the head.
 */
const headerLines = /^(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+:[\t\x20-\x7e\x80-\xff]*(?:\r\n(?!$)|$))+$/;
/** Headers whose presence means a request the front does not answer. */
const leftToNode = new Set(['content-length', 'transfer-encoding', 'expect', 'upgrade']);
/**
 * Answers a connection may leave unread before the front stops reading it: a page or two.
 * Not Node's 16 KB (`writableNeedDrain`): a page's answer often leaves the kernel's buffer
 * a part behind, and stopping and restarting the reads for that cost more than the rest
 * of the answer's stream work.
 */
const maxUnreadBytes = 64 * 1024;
const isBlank = (code: number) => code === 0x20 || code === 0x09;

/**
 * Reads request heads for one answerer: `read(text)` gives the head in `text` (without its
 * closing blank line) when the front may answer it, with the values of `readHeaders`.
 */
function headReader(readHeaders: FrontOptions['readHeaders']) {
  const wanted = new Map(readHeaders.map(({ name, separator }, index) => [name, { index, separator }]));
  // Only names of these lengths are compared: the other lines are passed over.
  const lengths = new Set([...leftToNode, 'connection', 'host', ...wanted.keys()].map((name) => name.length));
  return (text: string, socket: Socket): RequestHead | undefined => {
    const firstLineEnd = text.indexOf('\r\n');
    if (firstLineEnd === -1) return undefined;
    const match = requestLine.exec(text.slice(0, firstLineEnd));
    if (!match || !headerLines.test(text.slice(firstLineEnd + 2))) return undefined;
    const values: (string | undefined)[] = readHeaders.map(() => undefined);
    let hosts = 0;
    for (let position = firstLineEnd + 2; position < text.length; ) {
      const found = text.indexOf('\r\n', position);
      const lineEnd = found === -1 ? text.length : found;
      const colon = text.indexOf(':', position);
      if (lengths.has(colon - position)) {
        const name = text.slice(position, colon).toLowerCase();
        if (leftToNode.has(name)) return undefined;
        if (name === 'host') hosts += 1;
        const read = wanted.get(name);
        if (read !== undefined || name === 'connection') {
          let start = colon + 1;
          let end = lineEnd;
          while (start < end && isBlank(text.charCodeAt(start))) start++;
          while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
          const value = text.slice(start, end);
          if (read === undefined) {
            if (value.toLowerCase() !== 'keep-alive') return undefined;
          } else {
            const before = values[read.index];
            values[read.index] = before === undefined ? value : `${before}${read.separator}${value}`;
          }
        }
      }
      position = lineEnd + 2;
    }
    if (hosts !== 1) return undefined;
    return { method: match[1] as RequestHead['method'], url: match[2]!, httpVersion: '1.1', values, headBytes: text.length, socket };
  };
}

/** The `Date` header, made once a second as Node makes its own. */
let dateLine = '';
let dateSecond = 0;
function currentDateLine(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  return dateLine;
}

const headerText = (list: string[]) => {
  let text = '';
  for (let index = 0; index < list.length; index += 2) text += `${list[index]}: ${list[index + 1]}\r\n`;
  return text;
};

const fronts = new WeakMap<Server, { handAll(): void; closeAll(): void }>();

/** Hands every connection the front holds to Node's server (the graceful stop, src/server/plugins/graceful-stop.ts). */
export function handAllToNode(server: Server): void {
  fronts.get(server)?.handAll();
}

/** Closes every connection the front holds, once what was written to it has left (the app's close, src/server/app.ts). */
export function closeHeld(server: Server): void {
  fronts.get(server)?.closeAll();
}

/**
 * Puts the front before Node's HTTP server: it takes the server's own `connection`
 * listeners (its parser, and those added so far) and calls them when it hands a connection over.
 */
export function frontConnections(server: Server, options: FrontOptions): void {
  const nodeListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  /**
   * Each variant's fixed headers with the closing ones and its body, as one piece of bytes,
   * made at its first answer (with and without the body: HEAD and 304 have none). A page's
   * answer is then two writes, its own headers and these bytes.
   */
  const readyBytes = new WeakMap<string[], { body: Buffer | undefined; bytes: Buffer; headers: Buffer }>();
  const closingLines = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(options.keepAliveMs / 1000)}\r\n\r\n`;
  const bytesOf = (answer: FrontAnswer): Buffer => {
    let ready = readyBytes.get(answer.fixed);
    if (ready === undefined) {
      const headers = Buffer.from(headerText(answer.fixed) + closingLines, 'latin1');
      readyBytes.set(answer.fixed, (ready = { body: undefined, bytes: headers, headers }));
    }
    if (answer.body === undefined) return ready.headers;
    // One body per variant: made again only if the variant's body were another.
    if (ready.body !== answer.body) Object.assign(ready, { body: answer.body, bytes: Buffer.concat([ready.headers, answer.body]) });
    return ready.bytes;
  };
  const readHead = headReader(options.readHeaders);
  /** The connections the front holds, each with the way to hand it over. */
  const held = new Map<Socket, () => void>();

  const write = (socket: Socket, answer: FrontAnswer) => {
    socket.cork();
    socket.write(statusLines[answer.status] + currentDateLine() + headerText(answer.perRequest), 'latin1');
    socket.write(bytesOf(answer));
    socket.uncork();
  };

  server.on('connection', (socket: Socket) => {
    let pending = '';
    let keptAlive = false;

    const handOver = () => {
      held.delete(socket);
      socket.removeListener('data', onData);
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('close', onClose);
      socket.removeListener('error', onError);
      socket.removeListener('end', onEnd);
      socket.setTimeout(0);
      socket.pause();
      if (pending !== '') socket.unshift(Buffer.from(pending, 'latin1'));
      pending = '';
      for (const listener of nodeListeners) listener.call(server, socket);
      socket.resume();
    };

    const answerPending = (): boolean => {
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        // A head not yet whole (or too long) is left to Node's parser, with its timeouts.
        if (end === -1 || end > options.maxHeadBytes) return pending === '';
        const head = readHead(pending.slice(0, end), socket);
        let answer: FrontAnswer | undefined;
        try {
          answer = head && options.answer(head);
        } catch (error) {
          options.failed(error, head?.method ?? 'GET');
        }
        if (!answer) return false;
        pending = pending.slice(end + 4);
        write(socket, answer);
        if (pending === '') return true;
      }
    };

    function onData(chunk: Buffer) {
      pending += chunk.toString('latin1');
      if (!answerPending()) return handOver();
      // From the first answer on, the connection is kept while it is idle for less than the keep-alive time (reads and writes restart the count).
      if (!keptAlive) {
        keptAlive = true;
        socket.setTimeout(options.keepAliveMs);
      }
      // A client that does not read its answers is not read until it does.
      if (socket.writableLength > maxUnreadBytes) {
        socket.pause();
        socket.once('drain', () => socket.resume());
      }
    }
    function onTimeout() {
      socket.destroy();
    }
    function onClose() {
      held.delete(socket);
    }
    /** The client is done sending (Node's server keeps connections half open, so it is closed here), once the answers have left. */
    function onEnd() {
      socket.end();
    }
    /** A connection reset or broken while the front holds it: nothing to answer, nobody to tell. */
    function onError() {
      socket.destroy();
    }

    held.set(socket, handOver);
    socket.setNoDelay(true);
    socket.setTimeout(options.requestTimeoutMs);
    socket.on('data', onData);
    socket.on('timeout', onTimeout);
    socket.on('close', onClose);
    socket.on('error', onError);
    socket.on('end', onEnd);
  });

  fronts.set(server, {
    handAll: () => {
      for (const handOver of [...held.values()]) handOver();
    },
    closeAll: () => {
      for (const socket of held.keys()) {
        if (socket.writableLength === 0) socket.destroy();
        else socket.end();
      }
    },
  });
}
