// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectField, type SelectOption } from './fields.tsx';

const many: SelectOption[] = Array.from({ length: 250 }, (_, index) => ({ value: `C${index}`, label: `Country ${index}` }));
const chosen = many[180]!;

function Field({ options }: { options: readonly SelectOption[] }) {
  return <SelectField id="country" label="Country" value={chosen.value} onChange={() => undefined} options={options} language="en-US" placeholder="whenEmpty" />;
}

const select = () => screen.getByLabelText(/^Country/) as HTMLSelectElement;
const optionCount = () => within(select()).queryAllByRole('option').length;

afterEach(cleanup);

describe('a select whose long list arrives after its first render', () => {
  // Each step waits for the next task and renders as a transition: on a loaded machine the steps take seconds in jsdom.
  it('renders the list in steps, showing the chosen option all along, and is busy until it is whole', { timeout: 30_000 }, async () => {
    const { rerender } = render(<Field options={[chosen]} />);
    expect(optionCount()).toBe(1);
    rerender(<Field options={many} />);
    expect(optionCount()).toBeLessThan(many.length);
    expect(select().value).toBe(chosen.value);
    expect(select().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(optionCount()).toBe(many.length), { timeout: 20_000 });
    expect(select().value).toBe(chosen.value);
    expect(select().getAttribute('aria-busy')).toBeNull();
  });

  it('is whole at once for a visitor who reaches for it', () => {
    const { rerender } = render(<Field options={[chosen]} />);
    rerender(<Field options={many} />);
    fireEvent.focus(select());
    expect(optionCount()).toBe(many.length);
    expect(select().getAttribute('aria-busy')).toBeNull();
  });

  it('renders a list it had from the first render whole, as the server did', () => {
    render(<Field options={many} />);
    expect(optionCount()).toBe(many.length);
  });
});
