import type { Call, Calls } from '#shared/contract.ts';

/**
 * Every call of the API contract (src/shared/contract/*.ts), found by the files
 * themselves, so a new area file is covered by the tests that walk the contract
 * without being listed anywhere.
 */
export interface ContractEntry {
  /** `cart.addToCart`: the area file and the entry's name. */
  name: string;
  call: Call;
}

const areaFiles = import.meta.glob<Record<string, Calls>>('/src/shared/contract/*.ts', { eager: true });

export const contractEntries: ContractEntry[] = Object.entries(areaFiles).flatMap(([file, exports]) => {
  const area = file.replace(/^.*\/(.+)\.ts$/, '$1');
  return Object.values(exports).flatMap((calls) => Object.entries(calls).map(([name, call]) => ({ name: `${area}.${name}`, call })));
});
