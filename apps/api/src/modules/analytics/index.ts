/**
 * The analytics page: a merchant's and a chain's payments and refunds, read from the rollups the
 * database keeps as money moves (ADR 048).
 *
 * The module's public face (ADR 044): app.ts imports from here only.
 */
export { analyticsPlugin } from './plugin.ts';
