import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run backup` or `npm run restore` as an operator would (the script itself, without npm's
 * start-up), from the repository's root, with `env` over this process's environment.
 */
export function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<ScriptRun> {
  const merged: Record<string, string | undefined> = { ...process.env, DATABASE_URL: undefined, ...env };
  const defined = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`apps/api/src/scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: defined,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
