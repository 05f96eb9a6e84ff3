/**
 * Staff, their activation and its emails.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { ACTIVATION_PATH, completeActivation, readActivation } from './activation.ts';
export { createMailer } from './mailer.ts';
export { staffPlugin } from './plugin.ts';
