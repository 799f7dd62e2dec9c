import { formatDateTime } from '#shared/dates.ts';
import { translatePlural } from '#client/lib/translate.ts';
import type { PublicWebinar } from '#shared/schemas/webinars.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';

/**
 * When a webinar takes place (Zurich time with the zone's name and UTC offset), how long
 * it lasts and in which language it is held, as a description list in the page's language.
 */
export function WebinarFacts({
  webinar,
  withLanguage = true,
}: {
  webinar: Pick<PublicWebinar, 'startsAt' | 'durationMinutes' | 'language'>;
  /** The list leaves it out: it only shows webinars in the page's language. */
  withLanguage?: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <dl className="webinar-facts">
      <div>
        <dt>{t('webinars.when')}</dt>
        <dd>
          <time dateTime={webinar.startsAt}>{formatDateTime(webinar.startsAt, language)}</time>
        </dd>
      </div>
      <div>
        <dt>{t('webinars.duration')}</dt>
        <dd>{translatePlural(language, 'webinars.minutes', webinar.durationMinutes)}</dd>
      </div>
      {withLanguage && (
        <div>
          <dt>{t('webinars.language')}</dt>
          <dd>{t(`webinars.language.${webinar.language}`)}</dd>
        </div>
      )}
    </dl>
  );
}
