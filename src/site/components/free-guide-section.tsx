import DownloadableContent from '#client/islands/downloadable-content.tsx';
import { downloadableCoverPath } from '#shared/paths.ts';
import { useSite } from '../site-context.tsx';
import { Island } from './island.tsx';

/** The free guide's code (src/server/db/seed/language-content.ts). */
const freeGuideCode = 'guide';

/**
 * The home page's free guide: its cover (served by the API), what it covers, and the
 * button that opens its request form in a dialog (the `downloadable-content` widget,
 * prerendered; the dialog's code loads on first interest).
 */
export function FreeGuideSection() {
  const { lang, t } = useSite();
  return (
    <section className="section" aria-labelledby="home-free-guide">
      <div className="container">
        <div className="free-guide">
          <img
            className="free-guide__cover"
            src={downloadableCoverPath(freeGuideCode, lang)}
            alt=""
            width={180}
            height={240}
            loading="lazy"
            decoding="async"
          />
          <div className="free-guide__text">
            <p className="free-guide__kicker">{t('downloadables.home.kicker')}</p>
            <h2 id="home-free-guide">{t('downloadables.home.heading')}</h2>
            <p>{t('downloadables.home.text')}</p>
            <Island
              name="downloadable-content"
              className="actions"
              component={DownloadableContent}
              data={{ code: freeGuideCode, label: t('downloadables.home.button') }}
            />
            <p className="muted free-guide__note">{t('downloadables.home.note')}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
