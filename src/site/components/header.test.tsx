import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CurrencySelector from '#client/islands/currency-selector.tsx';
import LanguageSwitch, { type LanguageLink } from '#client/islands/language-switch.tsx';
import { CurrencySelect } from '#client/ui/site-frame/currency-select.tsx';
import { LanguageLinks } from '#client/ui/site-frame/language-links.tsx';

/**
 * The app's header shows the language switch and the currency selector of
 * src/client/ui/site-frame/; the marketing pages' islands wrap the same components with
 * their page state. Both must look the same: the same markup, hence the same styles.
 */
describe('the header widgets of the app and of the marketing pages', () => {
  it('render the same language switch', () => {
    const links: LanguageLink[] = [
      { lang: 'en-US', href: '/app/contact-us', name: 'English' },
      { lang: 'de-CH', href: '/app/contact-us', name: 'Deutsch' },
    ];
    const island = renderToStaticMarkup(<LanguageSwitch lang="de-CH" currency="CHF" label="Sprache" links={JSON.stringify(links)} />);
    const app = renderToStaticMarkup(<LanguageLinks lang="de-CH" label="Sprache" links={links} onChoose={() => {}} />);
    expect(app).toBe(island);
    expect(app).toContain('aria-current="true"');
  });

  it('render the same currency selector', () => {
    // Prerendered, the island's select is disabled until it is live.
    const island = renderToStaticMarkup(<CurrencySelector lang="en-US" currency="USD" label="Currency" />);
    const app = renderToStaticMarkup(<CurrencySelect label="Currency" value="USD" onChange={() => {}} disabled />);
    expect(app).toBe(island);
  });
});
