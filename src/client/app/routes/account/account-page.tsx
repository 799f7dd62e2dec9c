import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountCalls } from '#shared/contract/account.ts';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { seatChangeCalls } from '#shared/contract/seat-changes.ts';
import { formatDateTime, formatIsoDay } from '#shared/dates.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import { appPaths } from '#shared/paths.ts';
import { signInLinkRequestSchema, type AccountOrder, type SignInLinkRequest } from '#shared/schemas/account.ts';
import { PendingSeatsNote, SeatChangeDialog, type SeatChangeCalls } from '#client/features/seat-changes/seat-change-dialog.tsx';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import type { ServerRenderedPage } from '#client/lib/lazy-route.ts';
import { isMessageKey } from '#client/lib/translate.ts';
import { FormLayout, usePublicForm } from '#client/ui/form/form-layout.tsx';
import { EmailField } from '#client/ui/form/public-fields.tsx';
import { OrderInvoiceList } from '../tracking-invoices.tsx';
import { BillingDetailsSection } from './billing-details.tsx';
import './account.css';

/** Why the link of a sign-in mail opened nothing, as the server names it (`?link=`). */
const linkProblems = ['expired', 'used', 'invalid'] as const;

/**
 * The server renders this page (lazy-route.ts reads this off the module), like the cart
 * (docs/decisions/054-cart-and-checkout-rendered-on-the-server.md), when the request's
 * `account_session` opens the list; signed out, the list's 401 leaves the page, the
 * sign-in form, to the browser.
 * @public
 */
export const serverRendered: ServerRenderedPage = {
  module: 'app/routes/account/account-page.tsx',
  queries: () => [{ call: accountCalls.accountOrders, input: {} }],
};

/**
 * `/app/account` (docs/product/account.md): signed out, the form that mails a sign-in
 * link (the forms' captcha), with why a link opened nothing when it did; signed in, the
 * orders of the address, each with its invoices and credit notes (PDF, XRechnung), what is
 * open, its monthly plan, a link to its tracking page and its billing details for future
 * invoices, which the buyer can change; and sign-out.
 */
export default function AccountPage() {
  const t = useT();
  const query = useQuery(apiQuery(accountCalls.accountOrders, {}));

  if (query.error instanceof ApiError && query.error.status === 401) return <SignInForm />;
  if (query.error) {
    return (
      <section className="app-message">
        <h1>{t('account.title')}</h1>
        <p role="alert">{t('account.loadFailed')}</p>
        <button type="button" onClick={() => void query.refetch()}>
          {t('checkout.retry')}
        </button>
      </section>
    );
  }
  if (!query.data) return <p role="status">{t('account.loading')}</p>;
  const { email, orders } = query.data;
  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      <SignedInAs email={email} />
      <h2>{t('account.orders.heading')}</h2>
      {orders.length === 0 ? (
        <p>{t('account.orders.none')}</p>
      ) : (
        <ul className="account-orders">
          {orders.map((order) => (
            <li key={order.id}>
              <AccountOrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SignedInAs({ email }: { email: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => callApi(accountCalls.signOut, {}),
    // The list is asked for again: without a session it answers 401, and the form shows.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  return (
    <div className="account-holder">
      <p>{t('account.signedInAs', { email })}</p>
      <button type="button" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {t('account.signOut')}
      </button>
      {signOut.error && <p role="alert">{t('account.signOutFailed')}</p>}
    </div>
  );
}

function AccountOrderCard({ order }: { order: AccountOrder }) {
  const t = useT();
  const { language } = useLanguage();
  const statusKey = `checkout.status.${order.status}`;
  const headingId = `account-order-${order.id}`;
  return (
    <article className="account-order" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('account.order.title', { number: order.number })}</h3>
      <dl className="account-facts">
        {order.orderedAt && (
          <div>
            <dt>{t('account.order.orderedAt')}</dt>
            <dd>{formatDateTime(order.orderedAt, language)}</dd>
          </div>
        )}
        <div>
          <dt>{t('account.order.status')}</dt>
          <dd>{isMessageKey(statusKey) ? t(statusKey) : order.status}</dd>
        </div>
        <div>
          <dt>{t('account.order.total')}</dt>
          <dd>{formatMoneyWithCode(order.total, order.currency)}</dd>
        </div>
      </dl>
      {order.plan && <AccountPlan order={order} plan={order.plan} />}
      <OrderInvoiceList
        orderId={order.id}
        list={order.invoices}
        xrechnung={order.billing.company.buyerReference !== ''}
        caption={t('account.order.invoicesCaption', { number: order.number })}
        classPrefix="account"
      />
      <p>
        <Link to={appPaths.tracking(order.id)}>{t('account.order.tracking', { number: order.number })}</Link>
      </p>
      <BillingDetailsSection order={order} />
    </article>
  );
}

/** The buyer's seat change calls of one order (src/shared/contract/seat-changes.ts). */
function buyerSeatCalls(orderId: string): SeatChangeCalls {
  const params = { orderId };
  return {
    preview: (body) => callApi(seatChangeCalls.previewSeats, { params, body }),
    change: (body) => callApi(seatChangeCalls.changeSeats, { params, body }),
  };
}

function AccountPlan({ order, plan }: { order: AccountOrder; plan: NonNullable<AccountOrder['plan']> }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const currency = order.currency;
  const day = (isoDay: string) => formatIsoDay(isoDay, language);
  // A running plan's seats can change (docs/product/seat-changes.md); the list shows the new count and invoice.
  const calls = order.status === 'ACTIVE' ? buyerSeatCalls(order.id) : undefined;
  const changed = () => void queryClient.invalidateQueries({ queryKey: apiQuery(accountCalls.accountOrders, {}).queryKey });
  return (
    <section className="account-plan" aria-label={t('account.plan.heading')}>
      <h4>{t('account.plan.heading')}</h4>
      <dl className="account-facts">
        <div>
          <dt>{t('account.plan.seats')}</dt>
          <dd>{plan.seats}</dd>
        </div>
        <div>
          <dt>{t('account.plan.nextRenewal')}</dt>
          <dd>
            {plan.nextRenewalOn
              ? t('account.plan.nextRenewalValue', { date: day(plan.nextRenewalOn), amount: formatMoneyWithCode(plan.monthlyNet, currency) })
              : t('account.plan.noRenewal', { date: plan.endsOn ? day(plan.endsOn) : '' })}
          </dd>
        </div>
        <div>
          <dt>{t('account.plan.minimumTerm')}</dt>
          <dd>{day(plan.minimumTermEndsOn)}</dd>
        </div>
      </dl>
      {plan.pendingSeats && <PendingSeatsNote pending={plan.pendingSeats} withdraw={calls && { calls, currentSeats: plan.seats, onChanged: changed }} />}
      {calls && <SeatChangeDialog orderNumber={order.number} currentSeats={plan.seats} currency={currency} calls={calls} onChanged={changed} />}
    </section>
  );
}

/** Signed out: the form that mails a sign-in link, with why the link just opened (if one did) opened nothing. */
function SignInForm() {
  const t = useT();
  const { language } = useLanguage();
  const [search] = useSearchParams();
  const problem = linkProblems.find((reason) => reason === search.get('link'));
  const [confirmation, setConfirmation] = useState<string>();
  const confirmationRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus();
  }, [confirmation]);

  const form = usePublicForm({
    language,
    initial: { email: '' },
    schema: signInLinkRequestSchema,
    askConsent: false,
    payloadOf: (values) => ({ ...values, language }),
    send: async (payload: SignInLinkRequest) => {
      const answer = await callApi(accountCalls.requestSignInLink, { body: payload });
      setConfirmation(answer.messages[0]?.translations[language] ?? '');
    },
  });

  return (
    <div className="account account--signed-out">
      <h1>{t('account.title')}</h1>
      {confirmation ? (
        <div ref={confirmationRef} role="status" tabIndex={-1}>
          <p>{confirmation}</p>
        </div>
      ) : (
        <>
          {problem && (
            <p className="account-problem" role="alert">
              {t(`account.link.${problem}`)}
            </p>
          )}
          <h2>{t('account.signIn.heading')}</h2>
          <p>{t('account.signIn.intro')}</p>
          <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms} submitLabel="account.signIn.submit">
            <EmailField {...form.field('email')} language={language} />
          </FormLayout>
        </>
      )}
    </div>
  );
}
