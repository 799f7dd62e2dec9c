import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { catalog, type CatalogProduct } from '#shared/catalog.ts';
import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import type { Currency, Language } from '#shared/locales.ts';
import type { PageAssets } from './assets.ts';
import { Document } from './components/document.tsx';
import { HomePage } from './pages/home.tsx';
import { ImprintPage } from './pages/imprint.tsx';
import { TermsPage } from './pages/terms.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { PrivacyPolicyPage } from './pages/privacy-policy.tsx';
import { TrainingsPage } from './pages/trainings.tsx';
import { createSiteContext, SiteProvider } from './site-context.tsx';
import type { RenderedPageId } from './site-paths.ts';

export interface RenderOptions {
  page: RenderedPageId;
  lang: Language;
  currency: Currency;
  assets: PageAssets;
  /** Absolute origin for canonical and alternate links, without trailing slash. */
  baseUrl: string;
  products?: CatalogProduct[];
  year?: number;
}

interface PageDefinition {
  title: SiteMessageKey;
  description: SiteMessageKey;
  body: (products: CatalogProduct[]) => ReactNode;
  bodyData?: Record<`data-${string}`, string>;
}

const pages: Record<RenderedPageId, PageDefinition> = {
  home: {
    title: 'site.home.title',
    description: 'site.home.description',
    body: (products) => <HomePage products={products} />,
  },
  trainings: {
    title: 'site.trainings.title',
    description: 'site.trainings.description',
    body: (products) => <TrainingsPage products={products} />,
    bodyData: { 'data-payment-frequency': 'MONTHLY', 'data-product-tier': 'basic' },
  },
  terms: {
    title: 'site.terms.title',
    description: 'site.terms.description',
    body: () => <TermsPage />,
  },
  'privacy-policy': {
    title: 'site.privacy.title',
    description: 'site.privacy.description',
    body: () => <PrivacyPolicyPage />,
  },
  imprint: {
    title: 'site.imprint.title',
    description: 'site.imprint.description',
    body: () => <ImprintPage />,
  },
  'not-found': {
    title: 'common.notFound.title',
    description: 'common.notFound.text',
    body: () => <NotFoundPage />,
  },
};

/** One page in one language and currency, as a complete HTML document. */
export function renderPage({
  page,
  lang,
  currency,
  assets,
  baseUrl,
  products = catalog,
  year = new Date().getFullYear(),
}: RenderOptions): string {
  const context = createSiteContext(lang, currency, page, year);
  const definition = pages[page];
  const name = context.t('common.siteName');
  const pageTitle = context.t(definition.title);
  const title = page === 'home' ? pageTitle : context.t('site.meta.title', { page: pageTitle, site: name });
  const html = renderToStaticMarkup(
    <SiteProvider value={context}>
      <Document
        title={title}
        description={context.t(definition.description)}
        canonicalPage={page === 'not-found' ? undefined : page}
        baseUrl={baseUrl}
        assets={assets}
        bodyData={definition.bodyData}
      >
        {definition.body(products)}
      </Document>
    </SiteProvider>,
  );
  return `<!doctype html>${html}\n`;
}
