/**
 * Imported first by main.tsx (the entry chunk keeps its modules' import order) so it runs before
 * any schema is made: zod then validates without compiling code at run time. The portal's schemas
 * are zod/mini, whose objects never compile a parser; zod classic's objects (should classic come
 * back, directly or with a dependency) probe `new Function('')` as each is built, which the
 * portal's CSP (`script-src 'self'`, no eval) refuses and reports as a violation. zod reads this
 * global config when it loads.
 */
const zodConfig = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };
