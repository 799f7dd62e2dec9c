import { useQuery } from '@tanstack/react-query';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import type { OrderStatus } from '#shared/orders.ts';
import { orderQueues, type OrderQueue } from '#shared/schemas/orders-admin.ts';
import { useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';

/**
 * The work queues above the orders table, each a chip with its count: needs action,
 * awaiting payment, overdue, active plans, all. A chip sets the statuses filter (the rest
 * of the view stays); the chip whose statuses are the filter's is pressed. Overdue is no
 * set of statuses: it asks for the orders with an invoice open after its last reminder.
 */
const queueOrder: readonly (OrderQueue | 'OVERDUE')[] = ['NEEDS_ACTION', 'AWAITING_PAYMENT', 'OVERDUE', 'ACTIVE_PLANS', 'ALL'];

/** What a chip chooses: statuses, and whether only the overdue orders. */
export interface QueueChoice {
  statuses: OrderStatus[];
  overdue: boolean;
}

/** The statuses a chip stands for in the address: none for ALL (the default statuses). */
function statusesOfQueue(queue: OrderQueue): OrderStatus[] {
  return queue === 'ALL' ? [] : [...orderQueues[queue]];
}

function sameStatuses(a: readonly OrderStatus[], b: readonly OrderStatus[]): boolean {
  return a.length === b.length && a.every((status) => b.includes(status));
}

export function OrderQueues({ statuses, overdue, onChoose }: { statuses: readonly OrderStatus[]; overdue: boolean; onChoose: (choice: QueueChoice) => void }) {
  const t = useT();
  const counts = useQuery(apiQuery(orderAdminCalls.adminOrderQueues, {}));
  return (
    <ul className="admin-queues" aria-label={t('admin.orders.queues')}>
      {queueOrder.map((queue) => {
        const choice: QueueChoice = queue === 'OVERDUE' ? { statuses: [], overdue: true } : { statuses: statusesOfQueue(queue), overdue: false };
        const chosen = overdue === choice.overdue && sameStatuses(statuses, choice.statuses);
        const count = counts.data?.[queue];
        return (
          <li key={queue}>
            <button type="button" className="admin-queues__chip" aria-pressed={chosen} onClick={() => onChoose(choice)}>
              {t(`admin.orders.queue.${queue}`)}
              {count !== undefined && <span className="admin-queues__count">{count}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
