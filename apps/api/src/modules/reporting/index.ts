/**
 * Reports and their exports.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { runExport } from './export-all-job.ts';
export { purgeExpiredExports } from './export-all-service.ts';
export { reportingPlugin } from './plugin.ts';
