/** The value below which `p` per cent of `sorted` (ascending) lie; 0 for none. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
