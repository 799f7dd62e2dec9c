import { useT, useLanguage } from '#client/lib/i18n.tsx';
import { sitePath } from '#shared/paths.ts';

/** Every unknown app path (docs/product/routes.md). */
export default function NotFoundPage() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <section className="app-message">
      <h1>{t('common.notFound.title')}</h1>
      <p>{t('common.notFound.text')}</p>
      <p>
        <a href={sitePath(language, 'home')}>{t('common.notFound.home')}</a>
      </p>
    </section>
  );
}
