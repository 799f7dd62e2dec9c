import { minorWithCode } from '#shared/money.ts';
import type { BillingReport } from './billing-run.rules.ts';
import type { BillingService } from './billing.service.ts';

/**
 * `npm run billing -- [--as-of YYYY-MM-DD] [--dry-run]` (scripts/billing.ts) without the
 * process around it: parses the arguments, runs the billing job once as of that day,
 * prints what it billed, terminated and reminded of, and answers the exit code.
 */
const usage = [
  'Usage: npm run billing -- [--as-of YYYY-MM-DD] [--dry-run]',
  'Runs the billing job once as of that day (default today in Europe/Zurich): renews the monthly',
  'plans whose next period has begun, with the period\'s invoice, ends plans at their end date and',
  'sends the payment reminders due, one statement per billing contact. --dry-run prints what it would',
  'do and changes nothing.',
  'The invoices and reminders are queued in the outbox; the server\'s mail worker sends them.',
].join('\n');

function parse(args: readonly string[]): { asOf?: string; dryRun: boolean } | undefined {
  let asOf: string | undefined;
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--as-of' || arg.startsWith('--as-of=')) {
      const value = arg === '--as-of' ? args[++i] : arg.slice('--as-of='.length);
      if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return undefined;
      if (new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) return undefined;
      asOf = value;
    } else return undefined;
  }
  return { ...(asOf ? { asOf } : {}), dryRun };
}

/** The report as lines an operator reads. */
function reportLines(report: BillingReport): string[] {
  const would = report.dryRun ? 'would be ' : '';
  return [
    `Billing as of ${report.asOf}${report.dryRun ? ' (dry run: nothing was changed)' : ''}:`,
    `${report.renewed.length} period(s) ${would}renewed and invoiced`,
    ...report.renewed.map((r) => `  ${r.orderNumber}  ${r.periodStart} to ${r.periodEnd}  ${r.invoiceNumber}  ${minorWithCode(r.gross.minor, r.gross.currency)}`),
    `${report.terminated.length} plan(s) ${would}terminated`,
    ...report.terminated.map((r) => `  ${r.orderNumber}  ended ${r.terminatedFrom}`),
    `${report.reminded.length} reminder(s) ${would}sent`,
    ...report.reminded.map((r) => `  ${r.invoiceNumber}  reminder ${r.step}  to ${r.to || '(no address)'}`),
    `${report.statements.length} statement(s) ${would}sent`,
    ...report.statements.map((s) => `  to ${s.to}  level ${s.level}  ${s.invoiceNumbers.join(', ')}`),
    ...(report.refused.length > 0 ? [`${report.refused.length} plan(s) not billed: the next period begins before the order was placed (the payment that started the plan is dated before the order)`] : []),
    ...report.refused.map((r) => `  ${r.orderNumber}  next period ${r.periodStart}, placed ${r.orderedOn ?? '?'}`),
  ];
}

export async function runBillingCommand(args: readonly string[], deps: { billing: Pick<BillingService, 'run'>; print: (line: string) => void }): Promise<number> {
  const parsed = parse(args);
  if (!parsed) {
    deps.print(usage);
    return 2;
  }
  const report = await deps.billing.run(parsed);
  for (const line of reportLines(report)) deps.print(line);
  return 0;
}
