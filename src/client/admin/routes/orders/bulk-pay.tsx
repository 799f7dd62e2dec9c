import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { bulkPaySchema, type BulkAnswer } from '#shared/schemas/orders-admin.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { DateField } from '#client/ui/form/fields.tsx';
import { useForm } from '#client/ui/form/use-form.ts';

/**
 * The overdue queue's bulk payment: the money of the selected orders arrived on one day,
 * each order its open amount (POST /orders/admin/bulk-pay); what each order did is the
 * answer's, shown by the page like a bulk change's.
 */
export function BulkPay({ ids, onDone }: { ids: readonly string[]; onDone: (answer: BulkAnswer) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const today = isoDateInZurich();
  const form = useForm({
    language,
    initial: { date: today },
    schema: bulkPaySchema,
    canSend: ({ date }) => ids.length > 0 && date !== '',
    payloadOf: ({ date }) => ({ ids: [...ids], date }),
    send: async (body) => onDone(await callApi(orderAdminCalls.bulkPayOrders, { body })),
    refusalOf: () => ({ key: 'admin.orders.bulkPay.failed' }),
  });
  return (
    <form className="admin-bulk" onSubmit={form.onSubmit} aria-label={t('admin.orders.bulkPay.title')}>
      <DateField {...form.field('date')} label={t('admin.orders.bulkPay.date')} max={today} />
      <button type="submit" className="admin-button" disabled={!form.ready || form.sending}>
        {t('admin.orders.bulkPay.apply')}
      </button>
      {form.elsewhere.map((text) => (
        <p key={text} className="admin-alert" role="alert">
          {text}
        </p>
      ))}
    </form>
  );
}
