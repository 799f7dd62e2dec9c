import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { invoiceReferenceMax } from '#shared/schemas/checkout.ts';
import { orderReferencesSchema } from '#shared/schemas/orders-admin.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormProblems, TextField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';

interface ReferencesValues {
  buyerReference: string;
  purchaseOrderNumber: string;
}

/** The order statuses in which staff may still change the references: before INVOICE (the server's rule, order-page.service.ts). */
export const referencesEditable: readonly string[] = ['ORDERED', 'IN_PROGRESS'];

/**
 * The dialog in which staff change the buyer's reference and purchase order number that
 * the order's invoices will print (docs/product/invoices.md); an empty field removes one.
 * Once saved, the order is read anew and the dialog closes.
 */
export function ReferencesDialog({ orderId, initial, onClose }: { orderId: string; initial: ReferencesValues; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const form = useForm<ReferencesValues, z.input<typeof orderReferencesSchema>>({
    language,
    initial,
    schema: orderReferencesSchema,
    send: async (body) => {
      await callApi(orderAdminCalls.updateOrderReferences, { params: { id: orderId }, body });
      await queryClient.invalidateQueries();
      onClose();
    },
    refusalOf: (error) => (error instanceof ApiError ? refusalOf(error) : { key: 'admin.order.actionFailed' }),
  });
  const { field } = form;
  return (
    <FormDialog language={language} title="admin.order.references.heading" open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
        <p>{t('admin.order.references.intro')}</p>
        <FormProblems texts={form.elsewhere} />
        <TextField {...field('buyerReference')} label={t('admin.order.references.buyerReference')} autoComplete="off" maxLength={invoiceReferenceMax} />
        <TextField {...field('purchaseOrderNumber')} label={t('admin.order.references.purchaseOrderNumber')} autoComplete="off" maxLength={invoiceReferenceMax} />
        <div className="form__actions">
          <button type="submit" className="admin-button" disabled={form.sending}>
            {t('admin.order.references.submit')}
          </button>
          <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
            {t('admin.order.references.cancel')}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
