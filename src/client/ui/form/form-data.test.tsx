import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { geoCalls } from '#shared/contract/geo.ts';
import { urlOf } from '#shared/contract.ts';
import { addGivenFormData, forgetLoadedFormData, useFormData, withGivenFormData } from './form-data.ts';

// A page the server rendered comes with the answers it was rendered with: its forms start
// with them, on the server and in the browser's first render alike (no call, no loading state).

const input = { query: { language: 'en-US' as const } };
const address = urlOf(geoCalls.countries, input);
const countries = [{ code: 'CH', name: 'Switzerland' }];

function Countries() {
  const state = useFormData(geoCalls.countries, input);
  return <p>{state.status === 'loaded' ? state.data.map((country) => country.name).join(', ') : state.status}</p>;
}

afterEach(() => forgetLoadedFormData());

describe('reference data that came with the page', () => {
  it('is what a server render shows, for that render only', () => {
    expect(withGivenFormData(new Map([[address, countries]]), () => renderToString(<Countries />))).toBe('<p>Switzerland</p>');
    // The next request's page does not see this one's answers.
    expect(renderToString(<Countries />)).toBe('<p>loading</p>');
  });

  it('is what the browser starts with once added, until the page is left', () => {
    addGivenFormData([[address, countries]]);
    expect(renderToString(<Countries />)).toBe('<p>Switzerland</p>');
    forgetLoadedFormData();
    expect(renderToString(<Countries />)).toBe('<p>loading</p>');
  });
});
