import { useEffect } from 'react';
import { useLanguage } from '#client/lib/i18n.tsx';
import { sitePath } from '#shared/paths.ts';

/** `/app` alone has no page of its own: the visitor is sent to the marketing home. */
export default function IndexRedirect() {
  const { language } = useLanguage();
  useEffect(() => {
    window.location.replace(sitePath(language, 'home'));
  }, [language]);
  return null;
}
