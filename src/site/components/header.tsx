import CartButton from '#client/islands/cart-button.tsx';
import CurrencySelector from '#client/islands/currency-selector.tsx';
import LanguageSwitch, { type LanguageLink } from '#client/islands/language-switch.tsx';
import { SiteHeader } from '#client/ui/site-frame/site-header.tsx';
import { languageNames, languages } from '#shared/locales.ts';
import { sitePath } from '#shared/paths.ts';
import { useSite } from '../site-context.tsx';
import { Island } from './island.tsx';

/** The site's header (src/client/ui/site-frame/) with its widgets as islands, hydrated in the browser. */
export function Header() {
  const { lang, page, t } = useSite();
  const links: LanguageLink[] = languages.map((language) => ({
    lang: language,
    // The not-found page has no path of its own; its counterpart is the other home page.
    href: sitePath(language, page === 'not-found' ? 'home' : page),
    name: languageNames[language],
  }));

  return (
    <SiteHeader
      language={lang}
      t={t}
      current={page === 'not-found' ? undefined : page}
      languageSwitch={
        <Island name="language-switch" component={LanguageSwitch} data={{ label: t('common.languageSwitch.label'), links: JSON.stringify(links) }} />
      }
      currencySelector={<Island name="currency-selector" component={CurrencySelector} data={{ label: t('common.currency.label') }} />}
      cartButton={
        <Island
          name="cart-button"
          component={CartButton}
          data={{ label: t('frame.cart.label'), itemsOne: t('frame.cart.items.one'), itemsOther: t('frame.cart.items.other') }}
        />
      }
    />
  );
}
