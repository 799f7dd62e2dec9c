import { seatChangeCalls } from '#shared/contract/seat-changes.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { callApi } from '#client/lib/api.ts';
import { useT } from '#client/lib/i18n.tsx';
import { PendingSeatsNote, SeatChangeDialog, type SeatChangeCalls } from '#client/features/seat-changes/seat-change-dialog.tsx';

/**
 * The seats of a running monthly plan on the order page (docs/product/seat-changes.md):
 * a pending reduction, and for editors and admins the dialog the buyer's account has, with
 * staff's calls (audited).
 */
export function OrderSeats({ order, canEdit, onChanged }: { order: AdminOrder; canEdit: boolean; onChanged: () => void }) {
  const t = useT();
  const { detail } = order;
  const monthly = detail.items.filter((item) => item.status === 'ACTIVE' && item.paymentFrequency === 'MONTHLY');
  const [line] = monthly;
  if (!line || (detail.status !== 'ACTIVE' && !order.pendingSeats)) return null;
  const params = { id: detail.id };
  const calls: SeatChangeCalls | undefined =
    canEdit && detail.status === 'ACTIVE' && monthly.length === 1
      ? {
          preview: (body) => callApi(seatChangeCalls.adminPreviewSeats, { params, body }),
          change: (body) => callApi(seatChangeCalls.adminChangeSeats, { params, body }),
        }
      : undefined;
  return (
    <div className="admin-order__seats">
      <p>{t('seats.current', { seats: line.quantity })}</p>
      {order.pendingSeats && <PendingSeatsNote pending={order.pendingSeats} withdraw={calls && { calls, currentSeats: line.quantity, onChanged }} />}
      {calls && <SeatChangeDialog orderNumber={detail.number ?? ''} currentSeats={line.quantity} currency={order.currency} calls={calls} onChanged={onChanged} />}
    </div>
  );
}
