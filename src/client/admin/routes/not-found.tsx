import { Link } from 'react-router';
import { adminPaths } from '#shared/paths.ts';
import { useT } from '#client/lib/i18n.tsx';

/** A back-office address without a page. */
export default function AdminNotFoundPage() {
  const t = useT();
  return (
    <section className="app-message">
      <h1>{t('admin.notFound.title')}</h1>
      <p>{t('admin.notFound.text')}</p>
      <p>
        <Link to={adminPaths.home()}>{t('admin.notFound.home')}</Link>
      </p>
    </section>
  );
}
