import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** ADR 009's rules as the linter holds them: a file that breaks one is refused. */
const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

describe('the lint rules of ADR 009', () => {
  it('refuse a routes file that imports a repository, and let it import a service', async () => {
    const route = 'apps/api/src/modules/profile/routes.ts';
    expect(
      await problems(
        route,
        "import { findMerchantProfile } from './repository.ts';\nexport const read = findMerchantProfile;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await problems(
        route,
        "import { merchantProfile } from './service.ts';\nexport const read = merchantProfile;\n",
      ),
    ).toEqual([]);
  });

  it('refuse real time outside lib/clock.ts and tests', async () => {
    const service = 'apps/api/src/modules/orders/service.ts';
    expect(await problems(service, 'export const a = new Date();\n')).toEqual(['no-restricted-syntax']);
    expect(await problems(service, 'export const b = Date.now();\n')).toEqual(['no-restricted-syntax']);
    expect(await problems(service, 'export const c = (now: Date) => new Date(now.getTime() + 1);\n')).toEqual(
      [],
    );
    expect(await problems('apps/api/src/lib/clock.ts', 'export const d = () => new Date();\n')).toEqual([]);
    expect(await problems('apps/api/src/modules/orders/x.test.ts', 'export const e = new Date();\n')).toEqual(
      [],
    );
  });
});
