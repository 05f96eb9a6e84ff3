import { formatCents } from '@lynk/contract/money';
import { formatTimestamp } from '@/lib/format';
import { ANALYTICS_TEXTS as T } from './texts';

const MINUS = '−';

/** A signed amount: a period whose refunds outweigh its payments shows its net with a minus. */
export function signedCents(cents: number): string {
  return cents < 0 ? `${MINUS}${formatCents(-cents)}` : formatCents(cents);
}

/** Basis points as a percentage with one decimal: 250 → "2.5 %". */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toFixed(1)} %`;
}

function withSign(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${value < 0 ? MINUS : '+'}${text}`;
}

/** "+12.5 % vs previous period" for an amount or a count; the period before as the base. */
export function relativeChange(current: number, previous: number): string {
  if (current === previous) return T.noChange;
  if (previous === 0) return T.newVsPrevious;
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  return `${withSign(percent, 1)} % ${T.vsPrevious}`;
}

/** A rate's change in percentage points: 250 bp after 210 bp is "+0.4 pts vs previous period". */
export function pointsChange(currentBp: number, previousBp: number): string {
  if (currentBp === previousBp) return T.noChange;
  return `${withSign((currentBp - previousBp) / 100, 1)} ${T.points} ${T.vsPrevious}`;
}

/** A bar's label: its hour ("14:00") for one day, its day ("20/11") for longer periods. */
export function bucketLabel(start: string, granularity: 'HOUR' | 'DAY'): string {
  const text = formatTimestamp(start, 'DD/MM/YYYY HH:mm');
  return granularity === 'HOUR' ? text.slice(11) : text.slice(0, 5);
}

/** A bar's full name for the table behind the chart: "20/11/2026 14:00" or "20/11/2026". */
export function bucketName(start: string, granularity: 'HOUR' | 'DAY'): string {
  return formatTimestamp(start, granularity === 'HOUR' ? 'DD/MM/YYYY HH:mm' : 'DD/MM/YYYY');
}

/** A day of the API (YYYY-MM-DD) as the portal shows dates: DD/MM/YYYY. */
export function displayDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** An axis tick: whole dollars, thousands as "k" and millions as "M" ("J$12.5k"). */
export function compactCents(cents: number): string {
  const dollars = Math.round(cents) / 100;
  const abs = Math.abs(dollars);
  if (abs >= 1_000_000) return `J$${+(dollars / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `J$${+(dollars / 1_000).toFixed(1)}k`;
  return `J$${+dollars.toFixed(0)}`;
}
