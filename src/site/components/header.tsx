import CartButton from '#client/islands/cart-button.tsx';
import CurrencySelector from '#client/islands/currency-selector.tsx';
import LanguageSwitch, { type LanguageLink } from '#client/islands/language-switch.tsx';
import { translateSite } from '#shared/i18n/site-messages.ts';
import { languages } from '#shared/locales.ts';
import { useSite } from '../site-context.tsx';
import { sitePath } from '#shared/paths.ts';
import { siteLinks } from '../site-paths.ts';
import { Island } from './island.tsx';
import { Logo } from './logo.tsx';

export function Header() {
  const { lang, page, t } = useSite();
  const links: LanguageLink[] = languages.map((language) => ({
    lang: language,
    // The not-found page has no path of its own; its counterpart is the other home page.
    href: sitePath(language, page === 'not-found' ? 'home' : page),
    name: translateSite(language, `common.language.${language}`),
  }));

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="brand" href={sitePath(lang, 'home')} aria-current={page === 'home' ? 'page' : undefined}>
          <Logo />
          <span>{t('common.siteName')}</span>
        </a>
        <nav className="main-nav" aria-label={t('site.nav.label')}>
          <ul>
            <li>
              <a href={sitePath(lang, 'trainings')} aria-current={page === 'trainings' ? 'page' : undefined}>
                {t('site.nav.trainings')}
              </a>
            </li>
            <li>
              <a href={siteLinks.webinars}>{t('site.nav.webinars')}</a>
            </li>
            <li>
              <a href={siteLinks.contact}>{t('site.nav.contact')}</a>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <Island
            name="language-switch"
            className="header-language"
            component={LanguageSwitch}
            data={{ label: t('common.languageSwitch.label'), links: JSON.stringify(links) }}
          />
          <Island
            name="currency-selector"
            className="header-currency"
            component={CurrencySelector} data={{ label: t('common.currency.label') }} />
          <Island
            name="cart-button"
            className="header-cart"
            component={CartButton}
            data={{
              label: t('site.cart.label'),
              itemsOne: t('site.cart.items.one'),
              itemsOther: t('site.cart.items.other'),
            }}
          />
        </div>
      </div>
    </header>
  );
}
