// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartCalls } from '#shared/contract/cart.ts';
import { cartEvents } from '#client/features/cart/cart-events.ts';
import { installFakeApi } from '../../../tests/helpers/fake-api.ts';
import Questionnaire from './questionnaire.tsx';

const tiers = ['basic', 'foundation', 'champion'] as const;
const questions = [1, 2, 3, 4].map((n) => ({
  text: `Question text ${n}`,
  answers: tiers.map((tier) => ({ tier, text: `Q${n} ${tier}` })),
}));
const results = Object.fromEntries(
  tiers.map((tier) => [
    tier,
    {
      code: `cyber_security_training_${tier}_v1`,
      title: `Training ${tier}`,
      description: `About ${tier}`,
      prices: {
        MONTHLY: { EUR: `${tier} 1,00 EUR`, USD: `${tier} 1.00 USD`, CHF: `${tier} 1.00 CHF` },
        ONE_TIME: { EUR: `${tier} 9,00 EUR`, USD: `${tier} 9.00 USD`, CHF: `${tier} 9.00 CHF` },
      },
    },
  ]),
);
const texts = {
  questions: JSON.stringify(questions),
  results: JSON.stringify(results),
  progress: 'Question {step} of {count}',
  back: 'Back',
  next: 'Next',
  finish: 'Show recommendation',
  result: 'Our recommendation: {title}',
  restart: 'Start again',
  perSeatMonth: 'per seat and month',
  perSeatOnce: 'per seat, paid once',
  addToCart: 'Add to cart',
  adding: 'Adding…',
  failed: 'Failed.',
};

const api = installFakeApi();

beforeEach(() => {
  api.answer(cartCalls.createCart, { id: '11111111-2222-4333-8444-555555555555', currency: 'CHF' });
  document.cookie = 'XSRF-TOKEN=test-token; Path=/';
});

afterEach(() => {
  cleanup();
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
  document.cookie = 'shopping_cart=; Max-Age=0; Path=/';
  delete document.body.dataset.paymentFrequency;
  delete document.body.dataset.selectedCurrency;
});

function progress(): HTMLProgressElement {
  return document.querySelector('progress')!;
}

function addButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Add to cart' });
}

function answer(tier: (typeof tiers)[number], last = false): void {
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(` ${tier}$`) }));
  fireEvent.click(screen.getByRole('button', { name: last ? 'Show recommendation' : 'Next' }));
}

describe('role questionnaire', () => {
  it('asks four questions with 25 % progress per step, Back and Next', () => {
    render(<Questionnaire lang="en-US" currency="EUR" {...texts} />);
    expect(screen.getByRole('group', { name: 'Question text 1' })).toBeTruthy();
    expect(screen.getByText('Question 1 of 4')).toBeTruthy();
    expect(progress().value).toBe(25);
    expect(progress().max).toBe(100);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    // Next waits for an answer.
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    answer('basic');
    expect(screen.getByRole('group', { name: 'Question text 2' })).toBeTruthy();
    expect(progress().value).toBe(50);
    expect(document.activeElement?.tagName).toBe('LEGEND');

    answer('champion');
    expect(progress().value).toBe(75);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(progress().value).toBe(50);
    // The answer given is still chosen.
    expect((screen.getByRole('radio', { name: 'Q2 champion' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    answer('foundation');
    expect(progress().value).toBe(100);
    expect(screen.getByRole('button', { name: 'Show recommendation' })).toBeTruthy();
  });

  it('recommends the tier with the most points, with its price in the page currency and frequency', async () => {
    render(<Questionnaire lang="en-US" currency="CHF" {...texts} />);
    answer('foundation');
    answer('basic');
    answer('foundation');
    answer('champion', true);
    const heading = screen.getByRole('heading', { name: 'Our recommendation: Training foundation' });
    expect(document.activeElement).toBe(heading);
    const shown = [...document.querySelectorAll<HTMLElement>('.money')].filter((money) => !money.hidden);
    expect(shown.map((money) => money.textContent)).toEqual(['foundation 1.00 CHF']);
    expect(screen.getByText('per seat and month')).toBeTruthy();
    await waitFor(() => expect(addButton().disabled).toBe(false));
  });

  it('gives a tie to the higher tier and adds it to the cart, which opens the drawer', async () => {
    document.body.dataset.paymentFrequency = 'ONE_TIME';
    document.body.dataset.selectedCurrency = 'CHF';
    const opened = vi.fn();
    document.addEventListener(cartEvents.open, opened);
    render(<Questionnaire lang="de-CH" currency="CHF" {...texts} />);
    answer('champion');
    answer('basic');
    answer('basic');
    answer('champion', true);
    expect(screen.getByRole('heading', { name: 'Our recommendation: Training champion' })).toBeTruthy();
    expect(screen.getByText('per seat, paid once')).toBeTruthy();

    // Until its code has arrived, the button stands there disabled.
    await waitFor(() => expect(addButton().disabled).toBe(false));
    fireEvent.click(addButton());
    await waitFor(() => expect(opened).toHaveBeenCalled());
    expect(api.requests(cartCalls.createCart)[0]?.body).toEqual({
      productCode: 'cyber_security_training_champion_v1',
      quantity: 1,
      currency: 'CHF',
      language: 'de-CH',
      paymentFrequency: 'ONE_TIME',
    });
    document.removeEventListener(cartEvents.open, opened);

    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByRole('group', { name: 'Question text 1' })).toBeTruthy();
    expect(progress().value).toBe(25);
  });

  it('renders nothing without questions', () => {
    const { container } = render(<Questionnaire lang="en-US" currency="EUR" questions="not json" />);
    expect(container.innerHTML).toBe('');
  });
});
