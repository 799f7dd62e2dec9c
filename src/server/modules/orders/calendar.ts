/** Calendar days as ISO dates (`2026-11-21`), in the shop's time zone (Europe/Zurich). */

function parts(isoDate: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return [year, month, day];
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = parts(isoDate);
  return format(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The same day `months` later; the last day of the month when that month is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = parts(isoDate);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))));
}

/** The first day of the year of an ISO date. */
export function startOfYear(isoDate: string): string {
  return `${isoDate.slice(0, 4)}-01-01`;
}
