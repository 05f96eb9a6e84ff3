/**
 * The printed cash-up: a shift's summary alone, on one A4 page. The portal's frame (menu, top
 * bar), the actions and the orders table are left out; the summary fits a page whatever the
 * number of orders (the CSV holds them). A style of the shift's page, in its own chunk: the
 * portal's CSS modules all go to the first screen's stylesheet.
 */
const PRINT_CSS = `
@page { size: A4; margin: 15mm; }
.cash-up-print-only { display: none; }
@media print {
  body * { visibility: hidden; }
  .cash-up-print-area, .cash-up-print-area * { visibility: visible; }
  .cash-up-print-area { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; color: #000; }
  .cash-up-no-print { display: none !important; }
  .cash-up-print-only { display: block !important; }
}
`;

export const PRINT_CLASSES = {
  printArea: 'cash-up-print-area',
  noPrint: 'cash-up-no-print',
  printOnly: 'cash-up-print-only',
} as const;

export function PrintStyle() {
  return (
    <style href="cash-up-print" precedence="default">
      {PRINT_CSS}
    </style>
  );
}
