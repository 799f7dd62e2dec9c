import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orderHistory, orderNotes, orders, savedViews } from '#server/modules/orders/orders.schema.ts';

/**
 * The orders that name a person, for the person's data export and their deletion
 * (docs/product/contacts.md). The orders module owns the orders table, so the contacts module
 * reads and anonymises orders only through these (orders.service.ts).
 */

/** How an order names an address: who saved its cart by e-mail, or the buyer's contact at checkout. */
type OrderLink = 'SAVE_CART' | 'CHECKOUT';

export type OrderOfContact = Pick<
  typeof orders.$inferSelect,
  'id' | 'number' | 'status' | 'currency' | 'createdAt' | 'orderedAt' | 'subscriber' | 'invoiceInfo'
> & { linkedBy: OrderLink[] };

const normalised = (email: string) => email.trim().toLowerCase();
const subscriberEmailOf = sql<string | null>`lower(trim(${orders.subscriberEmail}))`;
const buyerEmailOf = sql<string | null>`lower(trim(${orders.invoiceInfo}->'contact'->>'email'))`;

/** The orders naming `email` (deleted ones included: they are still stored), oldest first; `lock` for the anonymisation. */
export async function findOrdersOfContact(db: Db, email: string, lock = false): Promise<OrderOfContact[]> {
  const address = normalised(email);
  const query = db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      currency: orders.currency,
      createdAt: orders.createdAt,
      orderedAt: orders.orderedAt,
      subscriberEmail: orders.subscriberEmail,
      subscriber: orders.subscriber,
      invoiceInfo: orders.invoiceInfo,
    })
    .from(orders)
    .where(or(sql`${subscriberEmailOf} = ${address}`, sql`${buyerEmailOf} = ${address}`))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const rows = lock ? await query.for('update') : await query;
  return rows.map(({ subscriberEmail, ...row }) => {
    const buyer = (row.invoiceInfo?.contact as { email?: unknown } | undefined)?.email;
    const linkedBy: OrderLink[] = [];
    if (subscriberEmail !== null && normalised(subscriberEmail) === address) linkedBy.push('SAVE_CART');
    if (typeof buyer === 'string' && normalised(buyer) === address) linkedBy.push('CHECKOUT');
    return { ...row, linkedBy };
  });
}

type Address = Record<string, unknown>;
const withoutAddressLines = (address: unknown): Address | undefined =>
  address && typeof address === 'object'
    ? { street: '', zip: '', city: '', country: (address as Address).country, countryCode: (address as Address).countryCode }
    : undefined;

/**
 * The buyer's data of an order without the person: names, e-mail, phone and address lines
 * go; the countries (they decide the VAT), the VAT number (the evidence of a reverse
 * charge) and the checkout's own fields stay. Amounts, currency and number are columns of
 * their own and are not touched.
 */
function anonymisedInvoiceInfo(info: Record<string, unknown>): Record<string, unknown> {
  const company = info.company as Address | undefined;
  const kept: Record<string, unknown> = {
    ...info,
    company: company ? { name: '', ...(company.vatNumber ? { vatNumber: company.vatNumber } : {}) } : undefined,
    address: withoutAddressLines(info.address),
    invoiceAddress: withoutAddressLines(info.invoiceAddress),
    contact: info.contact ? { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' } : undefined,
  };
  return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined));
}

/**
 * Removes the person of `email` from every order naming them; the orders stay for
 * accounting. In the texts staff and jobs wrote (an order's notes, such as a reminder's
 * "sent to …", the data of its history, such as a reason, and the saved views of the orders
 * table, their names and searches), the address becomes `pseudonym`, any case, in every order: a
 * note may name a person on another company's order.
 */
export async function anonymiseOrdersOfContact(db: Db, email: string, pseudonym: string): Promise<void> {
  for (const order of await findOrdersOfContact(db, email, true)) {
    await db
      .update(orders)
      .set({
        ...(order.linkedBy.includes('SAVE_CART') ? { subscriberEmail: null, subscriber: null, subscribedAt: null } : {}),
        ...(order.linkedBy.includes('CHECKOUT') && order.invoiceInfo ? { invoiceInfo: anonymisedInvoiceInfo(order.invoiceInfo) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
  }
  const address = normalised(email);
  // `***=`: the rest of the pattern is a literal text, not a regular expression. An e-mail
  // address holds no character JSON escapes, so it is replaced in a JSON text as in any text.
  const replaced = (text: SQL) => sql`regexp_replace(${text}, ${`***=${address}`}, ${pseudonym}, 'gi')`;
  const names = (text: SQL) => sql`strpos(lower(${text}), ${address}) > 0`;
  await db.update(orderNotes).set({ text: replaced(sql`${orderNotes.text}`) }).where(names(sql`${orderNotes.text}`));
  await db
    .update(orderHistory)
    .set({ data: sql`${replaced(sql`${orderHistory.data}::text`)}::jsonb` })
    .where(names(sql`${orderHistory.data}::text`));
  await db
    .update(savedViews)
    .set({ name: replaced(sql`${savedViews.name}`), view: sql`${replaced(sql`${savedViews.view}::text`)}::jsonb` })
    .where(or(names(sql`${savedViews.name}`), names(sql`${savedViews.view}::text`)));
}
