/** Payment terms and reminder days (PAYMENT_TERMS_DAYS, REMINDER_DAYS). */
export interface BillingSettings {
  paymentTermDays: number;
  /** Days after the due day on which a reminder goes out, ascending (default 10, 20, 30). */
  reminderDays: number[];
}

/** What one run of the job did (or, dry, would do). */
export interface BillingReport {
  asOf: string;
  dryRun: boolean;
  renewed: { orderId: string; orderNumber: string; periodStart: string; periodEnd: string; invoiceNumber: string; gross: number; currency: string }[];
  terminated: { orderId: string; orderNumber: string; terminatedFrom: string }[];
  reminded: { orderId: string; invoiceNumber: string; step: number; to: string }[];
  /** Plans not billed: their next period begins before their order was placed (`orderedOn`). */
  refused: { orderId: string; orderNumber: string; periodStart: string; orderedOn: string | null }[];
}

/** The actor of the job's transitions in the history. */
export const billingActor = 'billing';
