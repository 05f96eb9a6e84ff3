/**
 * Imported first by main.tsx, and built as a chunk of its own so it runs before any schema is
 * made: zod then validates without compiling code at run time. Its compiled parsers first probe
 * `new Function('')` as each object schema is built, which the portal's CSP (`script-src 'self'`,
 * no eval) refuses and reports as a violation. zod reads this global config when it loads.
 */
const zodConfig = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };
