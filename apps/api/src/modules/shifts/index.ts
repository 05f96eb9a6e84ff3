/**
 * The cashier's end-of-shift cash-up.
 *
 * The module's public face (ADR 044): app.ts imports from here only.
 */
export { shiftsPlugin } from './plugin.ts';
