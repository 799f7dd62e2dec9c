import { percentile } from './load.ts';

/**
 * How long the server takes to refuse nested JSON bodies (src/server/plugins/json-body.ts and
 * text-input.ts), measured on a running server for two body sizes of two shapes: text
 * followed by brackets nested far too deep (refused by the depth check, which has to read
 * to the end), and many arrays nested as deep as allowed (parsed, walked for bad text,
 * refused by the schema). Each body is read a fixed number of times, so its cost grows
 * with its length and not with its shape: the 60 kB bodies should cost about four times
 * the 16 kB ones, not sixteen. `npm run bench:load` runs it.
 */

const calls = 200;

/** The median time of `calls` requests made one after the other, each checked by `expect`. */
async function medianMs(request: () => Promise<Response>, expect: (status: number) => boolean): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = process.hrtime.bigint();
    const response = await request();
    await response.arrayBuffer();
    if (!expect(response.status)) throw new Error(`nested body bench: answered ${response.status}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/** A nested body's refusal: 400, whichever check refuses it. */
const refused = (url: string, headers: Record<string, string>, body: string) =>
  medianMs(() => fetch(url, { method: 'POST', headers, body }), (status) => status === 400);

/** Bodies of about `kilobytes` kB: `deep` nests beyond the limit at its end, `wide` repeats arrays as deep as allowed. */
const bodies = {
  deep: (kilobytes: number) => `["${'a'.repeat(kilobytes * 1024 - 400)}",${'['.repeat(100)}${']'.repeat(101)}`,
  wide: (kilobytes: number) => {
    const one = `${'['.repeat(31)}"x"${']'.repeat(31)},`;
    return `[${one.repeat(Math.floor((kilobytes * 1024) / one.length))}0]`;
  },
};

export interface NestedBodyFigure {
  shape: keyof typeof bodies;
  small: number;
  large: number;
  /** The server's own time for a health check (median), to subtract the round trip. */
  baseline: number;
}

export async function benchNestedBody(base: string, headers: Record<string, string>): Promise<NestedBodyFigure[]> {
  // A call with a body and without a rate limit: creating a cart.
  const url = `${base}/api/orders/`;
  await refused(url, headers, bodies.wide(16)); // warm-up
  const baseline = await medianMs(() => fetch(`${base}/api/health`), (status) => status === 200);
  const figures: NestedBodyFigure[] = [];
  for (const shape of ['deep', 'wide'] as const) {
    figures.push({ shape, small: await refused(url, headers, bodies[shape](16)), large: await refused(url, headers, bodies[shape](60)), baseline });
  }
  return figures;
}

export const describeNestedBody = (figure: NestedBodyFigure) =>
  `${figure.shape}: 16 kB: p50 ${figure.small.toFixed(2)} ms, 60 kB: p50 ${figure.large.toFixed(2)} ms (health p50 ${figure.baseline.toFixed(2)} ms)`;

/** Linear: the larger body (3.75 times as long) costs at most six times as much above the round trip. */
export const nestedBodyIsLinear = (figure: NestedBodyFigure) =>
  figure.large - figure.baseline <= 6 * Math.max(0.05, figure.small - figure.baseline);
