import { majorOf, type Money } from '#shared/money.ts';

/**
 * The edge where money leaves as the contract's numbers (docs/decisions/057-money-in-one-type.md):
 * services build their answers with `Money` values where the contract has an amount, and
 * every JSON answer of a call passes through `inMajorUnits` before it is checked against
 * the call's schema and written, so no service converts to major units itself.
 */

/** An answer as a service may build it: wherever the contract has a number, a `Money` value may stand. */
export type WithMoney<T> = T extends number
  ? number | Money
  : T extends readonly (infer U)[]
    ? readonly WithMoney<U>[]
    : T extends object
      ? { [K in keyof T]: WithMoney<T[K]> }
      : T;

/** A `Money` value: an object of exactly an integer `minor` and a `currency` (src/shared/money.ts makes no other). */
function isMoney(value: object): value is Money {
  const record = value as Record<string, unknown>;
  return typeof record.minor === 'number' && typeof record.currency === 'string' && Object.keys(record).length === 2;
}

/** `value` with every `Money` in it turned into its amount in major units; what holds no money is returned as it is. */
export function inMajorUnits(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === null || typeof item !== 'object') continue;
      const converted = inMajorUnits(item);
      if (converted !== item) (copy ??= [...value])[index] = converted;
    }
    return copy ?? value;
  }
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  if (isMoney(value)) return majorOf(value);
  // Every answer passes here: primitives are skipped without a call, and nothing is copied unless it holds money.
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    const item = record[key];
    if (item === null || typeof item !== 'object') continue;
    const converted = inMajorUnits(item);
    if (converted !== item) (copy ??= { ...record })[key] = converted;
  }
  return copy ?? value;
}

/**
 * `T` with the numbers under the keys `K` (at any depth) as `Money`: the precise type of an
 * answer a service builds, e.g. `MoneyAt<Cart, 'unitPrice' | 'totalPrice'>`.
 */
export type MoneyAt<T, K extends PropertyKey> = T extends readonly (infer U)[]
  ? MoneyAt<U, K>[]
  : T extends object
    ? {
        [P in keyof T]: P extends K
          ? T[P] extends number
            ? Money
            : T[P] extends number | null
              ? Money | null
              : T[P] extends number | undefined
                ? Money | undefined
                : MoneyAt<T[P], K>
          : MoneyAt<T[P], K>;
      }
    : T;
