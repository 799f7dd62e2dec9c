import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useHref, useLocation, useNavigationType } from 'react-router';
import { company } from '#shared/company.ts';
import { cookies } from '#shared/cookies.ts';
import { defaultCurrency, isCurrency, languageNames, languages, type Currency, type Language } from '#shared/locales.ts';
import { appPaths } from '#shared/paths.ts';
import CartButton from '#client/features/cart/cart-button.tsx';
import { repriceCart } from '#client/features/cart/cart.ts';
import { cartEvents, onCartEvent } from '#client/features/cart/cart-events.ts';
import { readCookie, writeCookie } from '#client/lib/cookies.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CurrencySelect } from '#client/ui/site-frame/currency-select.tsx';
import { LanguageLinks } from '#client/ui/site-frame/language-links.tsx';
import type { FramePage } from '#client/ui/site-frame/links.tsx';
import { SiteFooter } from '#client/ui/site-frame/site-footer.tsx';
import { SiteHeader } from '#client/ui/site-frame/site-header.tsx';
import { useHydrated } from '#client/lib/hydration.tsx';

// The newsletter form (Zod, the form layout, the captcha) is fetched when first asked for.
const NewsletterDialog = lazy(() => import('#client/ui/form/newsletter-dialog.tsx').then((m) => ({ default: m.NewsletterDialog })));

/** The frame of every app page: the site's header and footer around the page. */
export function AppLayout() {
  return (
    <AppFrame>
      <OpenAtTop />
      <Outlet />
    </AppFrame>
  );
}

/**
 * A page the visitor goes to opens at its top (the checkout from the drawer at the cart's
 * foot, say); back and forward leave the browser's own restoring alone. Nothing is kept
 * in the session's storage, which the checkout leaves empty.
 */
function OpenAtTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname, navigationType]);
  return null;
}

/** The app pages the header and footer link to. */
const framePages: Partial<Record<string, FramePage>> = { [appPaths.webinars()]: 'webinars', [appPaths.contactUs()]: 'contact' };

/**
 * The site's header and footer (the same components as on the marketing pages, with the
 * widgets live), the skip link and the page's `<main>`.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const t = useT();
  const current = framePages[useLocation().pathname];
  const live = useHydrated();
  // A page the server rendered shows its controls before the app is there to answer them:
  // until it is, they are disabled (links work), so an early click or keystroke is not lost.
  // A fieldset names its group in a legend: here the site's, for screen readers only.
  return (
    <fieldset className="app-page" disabled={!live}>
      <legend className="visually-hidden">{company.name}</legend>
      <a className="skip-link" href="#main">
        {t('frame.skipLink')}
      </a>
      <SiteHeader
        language={language}
        t={t}
        current={current}
        AppLink={Link}
        languageSwitch={<AppLanguageSwitch />}
        currencySelector={<AppCurrencySelector />}
        cartButton={<CartButton lang={language} label={t('frame.cart.label')} itemsOne={t('frame.cart.items.one')} itemsOther={t('frame.cart.items.other')} />}
      />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter language={language} t={t} current={current} year={new Date().getFullYear()} AppLink={Link} newsletter={<NewsletterButton />} />
    </fieldset>
  );
}

/** The language links of the header, each to the page shown: a choice switches the language in place. */
function AppLanguageSwitch() {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const href = useHref(useLocation());
  const choose = (next: Language, event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setLanguage(next);
  };
  const links = languages.map((option) => ({ lang: option, href, name: languageNames[option] }));
  return <LanguageLinks lang={language} label={t('common.languageSwitch.label')} links={links} onChoose={choose} />;
}

const readCurrency = (): Currency => {
  const stored = readCookie(cookies.currency);
  return isCurrency(stored) ? stored : defaultCurrency;
};

/**
 * The header's currency (the `currency` cookie), the one currency control of the app:
 * the prices of the marketing pages and the visitor's cart, re-priced at once as on the
 * marketing pages; the page shown loads again. A cart loaded in another currency (restored
 * from its mail) puts its currency here (cart.ts).
 */
function AppCurrencySelector() {
  const { language } = useLanguage();
  const t = useT();
  const queryClient = useQueryClient();
  const [currency, setCurrency] = useState(readCurrency);
  useEffect(() => {
    const follow = () => setCurrency(readCurrency());
    const stopChanged = onCartEvent(cartEvents.changed, follow);
    const stopCurrency = onCartEvent(cartEvents.currency, follow);
    return () => {
      stopChanged();
      stopCurrency();
    };
  }, []);
  const choose = (next: Currency) => {
    writeCookie(cookies.currency, next);
    setCurrency(next);
    void repriceCart(next, language).then(() => queryClient.invalidateQueries());
  };
  return <CurrencySelect label={t('common.currency.label')} value={currency} onChange={choose} />;
}

/** The footer's newsletter button: opens the newsletter form in a dialog, as on the marketing pages. */
function NewsletterButton() {
  const { language } = useLanguage();
  const t = useT();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="form-dialog__trigger"
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {t('forms.newsletter.open')}
      </button>
      {asked && (
        <Suspense fallback={null}>
          <NewsletterDialog language={language} open={open} onClose={() => setOpen(false)} returnFocusTo={trigger} />
        </Suspense>
      )}
    </>
  );
}
