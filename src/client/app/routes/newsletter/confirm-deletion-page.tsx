import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { contactCalls } from '#shared/contract/contacts.ts';
import { sitePath } from '#shared/paths.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { problemText } from '#client/ui/form/problems.ts';
import { saidOf, type Said } from './said.ts';
import './preferences.css';

type Outcome = { kind: 'done'; said: Said } | { kind: 'notFound' } | { kind: 'failed'; said: Said; round: number };

/**
 * `/app/people/deletions/{token}`: the link of the deletion mail (docs/product/contacts.md).
 * Opening it deletes nothing (mail scanners open links): the page says what is deleted
 * and what is kept, and "Delete my data now" confirms with
 * `POST /api/people/deletions/{token}`. An unknown, expired or used link (404) says how
 * to ask again.
 */
export default function ConfirmDeletionPage() {
  const { token = '' } = useParams();
  const t = useT();
  const id = useId();
  const { language } = useLanguage();
  const [outcome, setOutcome] = useState<Outcome>();
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The button is gone (or the failure is new): the outcome takes the focus and is read out.
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const deletion = useMutation({
    mutationFn: () => callApi(contactCalls.confirmDeletion, { params: { token } }),
    onSuccess: (answer) => {
      const messages = answer.messages[0]?.translations;
      setOutcome({ kind: 'done', said: messages ? { messagesByLanguage: messages } : { key: 'dataDeletion.done.text' } });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        setOutcome({ kind: 'notFound' });
        return;
      }
      console.error('[deletion] confirming failed', error);
      setOutcome((current) => ({ kind: 'failed', said: saidOf(error, 'dataDeletion.failed'), round: current?.kind === 'failed' ? current.round + 1 : 1 }));
    },
  });

  const home = (
    <p>
      <a href={sitePath(language, 'home')}>{t('dataDeletion.home')}</a>
    </p>
  );

  if (outcome?.kind === 'done') {
    return (
      <div className="preferences">
        <h1>{t('dataDeletion.title')}</h1>
        <div ref={outcomeRef} className="preferences__result" role="status" tabIndex={-1} aria-labelledby={`${id}-done`}>
          <h2 id={`${id}-done`}>{t('dataDeletion.done.title')}</h2>
          <p>{problemText(outcome.said, language)}</p>
        </div>
        {home}
      </div>
    );
  }

  if (outcome?.kind === 'notFound') {
    return (
      <div className="preferences">
        <h1>{t('dataDeletion.title')}</h1>
        <div ref={outcomeRef} className="preferences__result preferences__result--failed" role="alert" tabIndex={-1} aria-labelledby={`${id}-gone`}>
          <h2 id={`${id}-gone`}>{t('dataDeletion.notFound.title')}</h2>
          <p>{t('dataDeletion.notFound.text')}</p>
          <p>{t('dataDeletion.notFound.again')}</p>
        </div>
        {home}
      </div>
    );
  }

  return (
    <div className="preferences">
      <h1>{t('dataDeletion.title')}</h1>
      <p>{t('dataDeletion.intro')}</p>
      <section className="preferences__section" aria-labelledby={`${id}-deleted`}>
        <h2 id={`${id}-deleted`}>{t('dataDeletion.deleted.title')}</h2>
        <ul>
          <li>{t('dataDeletion.deleted.contact')}</li>
          <li>{t('dataDeletion.deleted.consents')}</li>
          <li>{t('dataDeletion.deleted.newsletter')}</li>
          <li>{t('dataDeletion.deleted.messages')}</li>
          <li>{t('dataDeletion.deleted.webinars')}</li>
          <li>{t('dataDeletion.deleted.mails')}</li>
        </ul>
      </section>
      <section className="preferences__section" aria-labelledby={`${id}-kept`}>
        <h2 id={`${id}-kept`}>{t('dataDeletion.kept.title')}</h2>
        <p>{t('dataDeletion.kept.orders')}</p>
        <p>{t('dataDeletion.kept.invoices')}</p>
      </section>
      <p className="preferences__warning">{t('dataDeletion.irreversible')}</p>
      {outcome?.kind === 'failed' && (
        <div ref={outcomeRef} key={outcome.round} className="preferences__result preferences__result--failed" role="alert" tabIndex={-1}>
          <p>{problemText(outcome.said, language)}</p>
        </div>
      )}
      <button type="button" className="preferences__button preferences__button--danger" disabled={deletion.isPending} onClick={() => deletion.mutate()}>
        {t(deletion.isPending ? 'dataDeletion.deleting' : 'dataDeletion.button')}
      </button>
    </div>
  );
}
