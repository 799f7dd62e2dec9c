import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { urlOf } from '#shared/contract.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { isMessageKey, translatePlural } from '#client/lib/translate.ts';
import { apiBase } from '#shared/paths.ts';
import type { ContactRecord } from '#shared/schemas/contacts.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { problemText } from '#client/ui/form/problems.ts';
import { saidOf, type Said } from './said.ts';

/**
 * "What we store about you" on the preference centre: everything the shop stores about
 * the subscriber (`GET /api/newsletter/{token}/data`), written out for reading, and the
 * same answer as a JSON download. Stored values are shown as stored; known codes (role,
 * consent, source, status) by their label.
 */
export function PersonalData({ token }: { token: string }) {
  const t = useT();
  const id = useId();
  const record = useQuery(apiQuery(newsletterCalls.personalData, { params: { token } }));
  const downloadUrl = `${apiBase}${urlOf(newsletterCalls.personalData, { params: { token } })}`;

  return (
    <section className="preferences__section" aria-labelledby={`${id}-data`}>
      <h2 id={`${id}-data`}>{t('preferences.data.title')}</h2>
      <p>{t('preferences.data.intro')}</p>
      <p>
        {/* The call answers with Content-Disposition: attachment, so the browser saves the file. */}
        <a className="preferences__download" href={downloadUrl} download="personal-data.json">
          {t('preferences.data.download')}
        </a>
      </p>
      {record.data ? (
        <Record record={record.data} />
      ) : record.error ? (
        <p role="alert">{t('preferences.data.loadFailed')}</p>
      ) : (
        <p role="status">{t('preferences.data.loading')}</p>
      )}
    </section>
  );
}

/** A known code by its label (`forms.role.CISO` → "Chief information security officer"), anything else as stored. */
function useLabel() {
  const t = useT();
  return (prefix: string, value: string | null | undefined): string | undefined => {
    if (value === null || value === undefined || value === '') return undefined;
    const key = `${prefix}.${value}`;
    return isMessageKey(key) ? t(key) : value;
  };
}

function Facts({ rows }: { rows: (readonly [label: string, value: ReactNode])[] }) {
  const t = useT();
  return (
    <dl className="preferences__facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? <span className="preferences__muted">{t('preferences.data.none')}</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function Record({ record }: { record: ContactRecord }) {
  const t = useT();
  const { language } = useLanguage();
  const label = useLabel();
  const topics = useQuery(apiQuery(newsletterCalls.newsletterTopics, { query: { language } }));
  const topicTitle = (topicId: string) => topics.data?.find((topic) => topic.id === topicId)?.title ?? topicId;
  const { contact, consents, newsletterSubscription: subscription, contactMessages, webinarSubscriptions, orders } = record;
  const phone = contact.phoneNumber ? [contact.phoneNumber, contact.phoneCountryCode ? `(${contact.phoneCountryCode})` : ''].join(' ').trim() : undefined;

  return (
    <div className="preferences__record">
      <div className="preferences__part">
        <h3>{t('preferences.data.contact.title')}</h3>
        <Facts
          rows={[
            [t('preferences.data.contact.email'), contact.email],
            [t('preferences.data.contact.firstName'), contact.firstName],
            [t('preferences.data.contact.lastName'), contact.lastName],
            [t('preferences.data.contact.gender'), label('forms.gender', contact.gender)],
            [t('preferences.data.contact.company'), contact.companyName],
            [t('preferences.data.contact.phone'), phone],
            [t('preferences.data.contact.role'), label('forms.role', contact.role)],
            [t('preferences.data.contact.experienceLevel'), label('forms.experienceLevel', contact.experienceLevel)],
            [t('preferences.data.contact.language'), label('preferences.language', contact.preferredLanguage)],
            [t('preferences.data.contact.createdAt'), formatDateTime(contact.createdAt, language)],
            [t('preferences.data.contact.updatedAt'), formatDateTime(contact.updatedAt, language)],
          ]}
        />
      </div>

      <div className="preferences__part">
        <h3>{t('preferences.data.consents.title')}</h3>
        {consents.length === 0 ? (
          <p>{t('preferences.data.consents.none')}</p>
        ) : (
          <ul className="preferences__list">
            {consents.map((consent, index) => (
              <li key={index}>
                <strong>
                  {t(consent.granted ? 'preferences.data.consents.granted' : 'preferences.data.consents.withdrawn', {
                    what: label('preferences.data.consent', consent.subject) ?? consent.subject,
                    date: formatDateTime(consent.createdAt, language),
                  })}
                </strong>
                <br />
                {t('preferences.data.consents.details', {
                  version: consent.textVersion,
                  source: label('preferences.data.source', consent.source) ?? consent.source,
                  language: label('preferences.language', consent.language) ?? consent.language,
                })}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="preferences__part">
        <h3>{t('preferences.data.subscription.title')}</h3>
        {subscription ? (
          <Facts
            rows={[
              [t('preferences.data.subscription.status'), label('newsletter.status', subscription.status)],
              [
                t('preferences.data.subscription.topics'),
                subscription.topicIds.length > 0 ? subscription.topicIds.map(topicTitle).join(', ') : t('preferences.data.subscription.noTopics'),
              ],
              [t('preferences.data.subscription.source'), label('preferences.data.source', subscription.source)],
              [t('preferences.data.subscription.requestedAt'), formatDateTime(subscription.requestedAt, language)],
              // Times that have not happened are left out rather than shown as "not given".
              ...(subscription.confirmedAt ? [[t('preferences.data.subscription.confirmedAt'), formatDateTime(subscription.confirmedAt, language)] as const] : []),
              ...(subscription.unsubscribedAt
                ? [[t('preferences.data.subscription.unsubscribedAt'), formatDateTime(subscription.unsubscribedAt, language)] as const]
                : []),
            ]}
          />
        ) : (
          <p>{t('preferences.data.subscription.none')}</p>
        )}
      </div>

      <div className="preferences__part">
        <h3>{t('preferences.data.messages.title')}</h3>
        <p>
          {contactMessages.length === 0
            ? t('preferences.data.messages.none')
            : translatePlural(language, 'preferences.data.messages.count', contactMessages.length)}
        </p>
      </div>

      <div className="preferences__part">
        <h3>{t('preferences.data.webinars.title')}</h3>
        {webinarSubscriptions.length === 0 ? (
          <p>{t('preferences.data.webinars.none')}</p>
        ) : (
          <ul className="preferences__list">
            {webinarSubscriptions.map((signUp) => (
              <li key={signUp.id}>
                {t('preferences.data.webinars.item', {
                  title: signUp.webinar.title,
                  date: formatDateTime(signUp.webinar.startsAt, language),
                  signedUpAt: formatDate(signUp.subscribedAt, language),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="preferences__part">
        <h3>{t('preferences.data.orders.title')}</h3>
        {orders.length === 0 ? (
          <p>{t('preferences.data.orders.none')}</p>
        ) : (
          <ul className="preferences__list">
            {orders.map((order) => (
              <li key={order.id}>
                <strong>{order.number ? t('preferences.data.orders.order', { number: order.number }) : t('preferences.data.orders.cart')}</strong>
                <br />
                {t('preferences.data.orders.details', {
                  status: label('checkout.status', order.status) ?? order.status,
                  date: formatDate(order.orderedAt ?? order.createdAt, language),
                })}{' '}
                {order.linkedBy.map((link) => t(`preferences.data.orders.linkedBy.${link}`)).join(' ')}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * "Delete my data": a confirmation step in the page that says what happens, then
 * `POST /api/newsletter/{token}/deletion`, which mails a link to confirm with. Nothing is
 * deleted here.
 */
export function DeletionRequest({ token, onGone }: { token: string; onGone: () => void }) {
  const t = useT();
  const id = useId();
  const { language } = useLanguage();
  const [step, setStep] = useState<'idle' | 'confirming' | 'sent'>('idle');
  const [said, setSaid] = useState<{ said: Said; failed: boolean }>();
  const confirmRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<'confirm' | 'result' | 'start'>();

  useEffect(() => {
    if (focus === 'confirm') confirmRef.current?.focus();
    else if (focus === 'result') resultRef.current?.focus();
    else if (focus === 'start') startRef.current?.focus();
  }, [focus, said, step]);

  const request = useMutation({
    mutationFn: () => callApi(newsletterCalls.requestDeletion, { params: { token } }),
    onSuccess: (answer) => {
      const messages = answer.messages[0]?.translations;
      setSaid({ said: messages ? { messagesByLanguage: messages } : { key: 'preferences.deletion.sent' }, failed: false });
      setStep('sent');
      setFocus('result');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        onGone();
        return;
      }
      console.error('[preferences] deletion request failed', error);
      setSaid({ said: saidOf(error, 'preferences.failed'), failed: true });
      setFocus('result');
    },
  });

  return (
    <section className="preferences__section" aria-labelledby={`${id}-deletion`}>
      <h2 id={`${id}-deletion`}>{t('preferences.deletion.title')}</h2>
      {step === 'sent' && said ? (
        <div ref={resultRef} className="preferences__result" role="status" tabIndex={-1}>
          <p>{problemText(said.said, language)}</p>
        </div>
      ) : step === 'confirming' ? (
        <div ref={confirmRef} className="preferences__confirm" tabIndex={-1} aria-labelledby={`${id}-confirm`} role="group">
          <h3 id={`${id}-confirm`}>{t('preferences.deletion.confirmTitle')}</h3>
          <p>{t('preferences.deletion.confirmText')}</p>
          {said?.failed && (
            <div ref={resultRef} className="preferences__result preferences__result--failed" role="alert" tabIndex={-1}>
              <p>{problemText(said.said, language)}</p>
            </div>
          )}
          <div className="preferences__buttons">
            <button type="button" className="button-primary" disabled={request.isPending} onClick={() => request.mutate()}>
              {t(request.isPending ? 'preferences.deletion.sending' : 'preferences.deletion.send')}
            </button>
            <button
              type="button"
              className="preferences__button"
              disabled={request.isPending}
              onClick={() => {
                setSaid(undefined);
                setStep('idle');
                setFocus('start');
              }}
            >
              {t('preferences.deletion.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>{t('preferences.deletion.text')}</p>
          <button
            ref={startRef}
            type="button"
            className="preferences__button preferences__button--danger"
            onClick={() => {
              setStep('confirming');
              setFocus('confirm');
            }}
          >
            {t('preferences.deletion.button')}
          </button>
        </>
      )}
    </section>
  );
}
