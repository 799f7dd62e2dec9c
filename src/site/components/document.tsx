import type { ReactNode } from 'react';
import { defaultLanguage, languages } from '#shared/locales.ts';
import type { PageAssets } from '../assets.ts';
import { useSite } from '../site-context.tsx';
import { firstFrameAwaits, importAfterFirstPaint } from '#shared/after-first-paint.ts';
import { ogLocaleOf, sitePath, type SitePageId } from '#shared/paths.ts';
import { Footer } from './footer.tsx';
import { Island } from './island.tsx';
import { Header } from './header.tsx';

export interface DocumentProps {
  title: string;
  description: string;
  /** The page's own path, for canonical and hreflang links; none for the not-found page. */
  canonicalPage?: SitePageId;
  baseUrl: string;
  assets: PageAssets;
  /** Extra attributes on `<body>` (the page state the islands read). */
  bodyData?: Record<`data-${string}`, string>;
  children: ReactNode;
}

/**
 * The whole HTML document of a marketing page. No style attribute and no inline script but
 * the islands loader (the content security policy allows that one by its hash). The
 * one inline style element is the site stylesheet, which the policy allows by its hash.
 */
export function Document({ title, description, canonicalPage, baseUrl, assets, bodyData, children }: DocumentProps) {
  const { lang, currency, t } = useSite();
  const url = (page: SitePageId, language = lang) => `${baseUrl}${sitePath(language, page)}`;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="expect" href={firstFrameAwaits} blocking="render" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {canonicalPage ? (
          <>
            <link rel="canonical" href={url(canonicalPage)} />
            {languages.map((language) => (
              <link key={language} rel="alternate" hrefLang={language} href={url(canonicalPage, language)} />
            ))}
            <link rel="alternate" hrefLang="x-default" href={url(canonicalPage, defaultLanguage)} />
          </>
        ) : (
          <meta name="robots" content="noindex" />
        )}
        {/* What a shared link shows (Open Graph): the page's title and description, its address, the picture and the language. */}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={t('common.siteName')} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url(canonicalPage ?? 'home')} />
        {assets.ogImage ? (
          <>
            <meta property="og:image" content={`${baseUrl}${assets.ogImage}`} />
            <meta property="og:image:type" content="image/png" />
            <meta property="og:image:width" content="1200" />
            <meta property="og:image:height" content="630" />
            <meta property="og:image:alt" content={t('common.siteName')} />
            <meta name="twitter:card" content="summary_large_image" />
          </>
        ) : null}
        <meta property="og:locale" content={ogLocaleOf(lang)} />
        {languages
          .filter((language) => language !== lang)
          .map((language) => (
            <meta key={language} property="og:locale:alternate" content={ogLocaleOf(language)} />
          ))}
        <meta name="theme-color" content="#0b3b5c" />
        {assets.favicon ? <link rel="icon" type="image/svg+xml" href={assets.favicon} /> : null}
        {/* Inline rather than linked: a linked stylesheet blocks the first paint for a round
            trip of its own (docs/decisions/023-inline-site-stylesheet.md). React escapes any
            "<style" in the text, so the element cannot end early. */}
        <style>{assets.styles}</style>
        {/* The page paints without script: the islands script is fetched only once the
            first paint is done, by this loader (its text is ours and has no markup in it). */}
        <script type="module" dangerouslySetInnerHTML={{ __html: importAfterFirstPaint(assets.script) }} />
      </head>
      <body data-selected-currency={currency} {...bodyData}>
        <a className="skip-link" href="#main">
          {t('frame.skipLink')}
        </a>
        <Header />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <Island name="language-currency-sync" />
        <Island name="exit-intent" />
      </body>
    </html>
  );
}
