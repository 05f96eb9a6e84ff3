/**
 * The spec's texts (`MESSAGES.<screen>.<text>`, spec-messages.ts) and the product's own
 * (`PRODUCT_MESSAGES`, product-messages.ts).
 *
 * `MESSAGES` is the catalogue module's namespace, not one object: a page that reads
 * `MESSAGES.common.loading` bundles the `common` section only, not every screen's texts.
 */
export * as MESSAGES from './spec-messages.ts';

// A module of its own: a module is bundled whole into one chunk, so beside MESSAGES (read by
// the portal's first page) the product messages, read by later pages, would ride in the shell.
export { PRODUCT_MESSAGES } from './product-messages.ts';
