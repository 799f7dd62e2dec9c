// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LanguageSwitch, { parseLanguageLinks } from './language-switch.tsx';
import { getPaymentFrequency, pageEvents } from './page-state.ts';
import PaymentFrequencySwitch from './payment-frequency-switch.tsx';
import ProductTierSwitch from './product-tier-switch.tsx';

afterEach(() => {
  cleanup();
  document.cookie = 'locale=; Max-Age=0; Path=/';
  delete document.body.dataset.paymentFrequency;
  delete document.body.dataset.productTier;
  history.replaceState(null, '', '/');
});

const context = { lang: 'en-US', currency: 'EUR' } as const;

describe('payment-frequency switch', () => {
  it('defaults to monthly and publishes the choice on <body>', () => {
    const announced = vi.fn();
    document.addEventListener(pageEvents.paymentFrequency, (event) => announced((event as CustomEvent).detail));
    render(<PaymentFrequencySwitch {...context} legend="Payment" monthly="Monthly" oneTime="One-time" />);
    expect(screen.getByRole('group', { name: 'Payment' })).toBeTruthy();
    expect((screen.getByLabelText('Monthly') as HTMLInputElement).checked).toBe(true);
    expect(getPaymentFrequency()).toBe('MONTHLY');

    fireEvent.click(screen.getByLabelText('One-time'));
    expect(document.body.dataset.paymentFrequency).toBe('ONE_TIME');
    expect(announced).toHaveBeenLastCalledWith('ONE_TIME');
  });
});

describe('product-tier switch', () => {
  const labels = { legend: 'Training level', basic: 'Basic', foundation: 'Foundation', champion: 'Champion' };

  it('selects basic first and publishes changes', () => {
    render(<ProductTierSwitch {...context} {...labels} />);
    expect((screen.getByLabelText('Basic') as HTMLInputElement).checked).toBe(true);
    expect(document.body.dataset.productTier).toBe('basic');
    fireEvent.click(screen.getByLabelText('Champion'));
    expect(document.body.dataset.productTier).toBe('champion');
  });

  it('selects the tier named in the URL fragment', () => {
    history.replaceState(null, '', '/web/en-US/trainings#tier-foundation');
    render(<ProductTierSwitch {...context} {...labels} />);
    expect((screen.getByLabelText('Foundation') as HTMLInputElement).checked).toBe(true);
    expect(document.body.dataset.productTier).toBe('foundation');
  });

  it('follows later changes of the URL fragment', () => {
    render(<ProductTierSwitch {...context} {...labels} />);
    act(() => {
      history.replaceState(null, '', '#tier-champion');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect((screen.getByLabelText('Champion') as HTMLInputElement).checked).toBe(true);
    expect(document.body.dataset.productTier).toBe('champion');
  });
});

describe('language switch', () => {
  const links = JSON.stringify([
    { lang: 'en-US', href: '/web/en-US/trainings', name: 'English' },
    { lang: 'de-CH', href: '/web/de-CH/trainings', name: 'Deutsch' },
  ]);

  it('renders plain links, marks the current language, stores the locale cookie on click', () => {
    render(<LanguageSwitch {...context} label="Language" links={links} />);
    const german = screen.getByRole('link', { name: 'Deutsch' });
    expect(german.getAttribute('href')).toBe('/web/de-CH/trainings');
    expect(german.getAttribute('lang')).toBe('de-CH');
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    german.addEventListener('click', (event) => event.preventDefault()); // jsdom does not navigate
    act(() => german.click());
    expect(document.cookie).toContain('locale=de-CH');
  });

  it('drops malformed link data', () => {
    expect(parseLanguageLinks('not json')).toEqual([]);
    expect(parseLanguageLinks(JSON.stringify([{ lang: 'fr', href: '/', name: 'Français' }]))).toEqual([]);
    expect(parseLanguageLinks(undefined)).toEqual([]);
  });
});
