/**
 * Notifications and their preferences.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { notificationsPlugin } from './plugin.ts';
export { notifyExportReady } from './service.ts';
export { updateLowBalanceThreshold } from './preferences-service.ts';
