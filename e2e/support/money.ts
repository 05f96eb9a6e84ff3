/** "J$1,234.50" → 123450 cents, for reading amounts off the screen. */
export function centsFromText(text: string): number {
  const match = /([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in "${text}"`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}
