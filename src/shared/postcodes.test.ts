import { describe, expect, it } from 'vitest';
import { postcodeProblem } from './postcodes.ts';

describe('postcodes by country', () => {
  it.each([
    ['CH', ['8001', '3003', '1200']],
    ['LI', ['9490', '9485', '9498']],
    ['AT', ['1010', '6020']],
    ['BE', ['1000', '9000']],
    ['DK', ['2100', '8000']],
    ['LU', ['1234', 'L-1234']],
    ['DE', ['10115', '80331', '01067']],
    ['FR', ['75008', '13001']],
    ['IT', ['00184', '20121']],
    ['ES', ['28001', '08001']],
    ['FI', ['00100']],
    ['SE', ['111 22', '11122']],
    ['CZ', ['110 00']],
    ['GR', ['105 57']],
    ['NL', ['1012 AB', '1012AB', '1012 ab']],
    ['PL', ['00-950']],
    ['PT', ['1000-001']],
    ['IE', ['D02 X285', 'A65F4E2', 'D6W 1234']],
    ['GB', ['SW1A 1AA', 'EC1A 1BB', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'GIR 0AA']],
    ['US', ['10001', '90210-1234']],
    ['CA', ['K1A 0B1', 'M5V3L9']],
    ['JP', ['100-0001']],
    ['LV', ['LV-1010', '1010']],
    ['LT', ['LT-01100', '01100']],
    ['MT', ['VLT 1117']],
    // Countries without a known format: the loose rule.
    ['AR', ['C1002AAP']],
    ['KE', ['00100']],
    ['AE', ['00000']],
  ])('%s accepts %j', (country, postcodes) => {
    for (const postcode of postcodes) expect(postcodeProblem(country, postcode), postcode).toBeNull();
  });

  it.each([
    ['CH', ['ABCDE', '800', '80010', '0800'], '8001'],
    ['LI', ['8001', '9500'], '9490'],
    ['AT', ['10100', 'A-1010x'], '1010'],
    ['DE', ['1011', '101155', 'D1011'], '12345'],
    ['FR', ['7500', '75 008x'], '12345'],
    ['ES', ['53001', '2800'], '28001'],
    ['NL', ['1012', '1012 A', '0123 AB'], '1012 AB'],
    ['PL', ['00950', '00-95'], '00-950'],
    ['PT', ['1000', '1000-01'], '1000-001'],
    ['GB', ['SW1A', '12345', 'SW1A 1A1'], 'SW1A 1AA'],
    ['US', ['1000', '10001-12', 'ABCDE'], '10001'],
    ['CA', ['K1A 0B', 'D1A 0B1'], 'K1A 0B1'],
    ['SE', ['1112', '111 223'], '123 45'],
    ['AR', ['', '-123', 'ABCDEFGHIJKLMN', '12#45'], '12345'],
  ])('%s refuses %j, showing %s', (country, postcodes, example) => {
    for (const postcode of postcodes) expect(postcodeProblem(country, postcode), postcode).toEqual({ example });
  });
});
