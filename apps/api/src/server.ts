/**
 * The server's entry (`npm start`). Node's compile cache goes on before any other module loads,
 * so a restart reads the server's modules as the last start compiled them (TypeScript stripped,
 * bytecode made): a quarter of a second of a two-second restart. Static imports would all be
 * compiled before this line ran, hence the dynamic import of the server itself.
 */
import module from 'node:module';

module.enableCompileCache();
await import('./serve.ts');
