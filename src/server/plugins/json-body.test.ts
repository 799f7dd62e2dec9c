import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, maxJsonDepth } from './json-body.ts';

/** The depth of a parsed value, the slow and obvious way, to hold the scanner to. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Object.values(value as object);
  return 1 + (children.length === 0 ? 0 : Math.max(...children.map(depthOf)));
}

describe('jsonNestingDepth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonNestingDepth('{"a":"[[[[{{{{","b":"\\"[[["}')).toBe(1);
    expect(jsonNestingDepth('["\\\\",["x"]]')).toBe(2);
  });

  it('agrees with the depth of the parsed value for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        const text = JSON.stringify(value);
        expect(jsonNestingDepth(text, 100)).toBe(depthOf(value));
      }),
      { numRuns: 500 },
    );
  });

  it('stops at the first level beyond the limit', () => {
    const deep = '['.repeat(8000) + ']'.repeat(8000);
    expect(jsonNestingDepth(deep)).toBe(maxJsonDepth + 1);
    expect(jsonNestingDepth('['.repeat(maxJsonDepth) + ']'.repeat(maxJsonDepth))).toBe(maxJsonDepth);
  });
});
