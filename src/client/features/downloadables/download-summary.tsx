import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { translate, translatePlural } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import type { Downloadable } from '#shared/schemas/downloadables.ts';

/** Format, length and language of a document, as a description list. */
export function DownloadFacts({ item, language }: { item: Downloadable; language: Language }) {
  const t = (key: MessageKey) => translate(language, key);
  return (
    <dl className="download-facts">
      <div>
        <dt>{t('downloadables.facts.format')}</dt>
        <dd>PDF</dd>
      </div>
      {item.pageCount > 0 && (
        <div>
          <dt>{t('downloadables.facts.pages')}</dt>
          <dd>{translatePlural(language, 'downloadables.pages', item.pageCount)}</dd>
        </div>
      )}
      <div>
        <dt>{t('downloadables.facts.language')}</dt>
        <dd>{t(`downloadables.language.${item.language}`)}</dd>
      </div>
    </dl>
  );
}

/** The cover beside the title and the facts: the head of the dialog. The cover is decoration (the title is beside it). */
export function DownloadSummary({ item, language }: { item: Downloadable; language: Language }) {
  return (
    <div className="download-summary">
      <img className="download-summary__cover" src={item.coverUrl} alt="" width={72} height={96} />
      <div>
        <p className="download-summary__title">{item.title}</p>
        <DownloadFacts item={item} language={language} />
      </div>
    </div>
  );
}
