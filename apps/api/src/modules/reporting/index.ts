/**
 * Reports and their exports.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { reportingPlugin } from './plugin.ts';
