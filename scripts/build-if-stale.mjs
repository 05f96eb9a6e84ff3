// `npm start` builds the portal only when its build is older than what it is built from, and the
// embedded database's template only when it is missing, older than the schema, the demo world it
// holds and the scripts that make it, or older than the server would use
// (apps/api/src/scripts/database-template.ts): a restart after no change starts the server at once.
// `npm run build` always builds both.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** As TEMPLATE_MAX_AGE_MS in apps/api/src/scripts/database-template.ts, less an hour so a fresh one is used. */
const TEMPLATE_REBUILD_AGE_MS = 11 * 60 * 60 * 1000;

const targets = [
  {
    name: 'portal',
    built: 'apps/portal/dist-server/entry-server.js',
    command: ['run', 'build', '-w', '@lynk/portal'],
    sources: [
      'apps/portal/src',
      'apps/portal/build',
      'apps/portal/public',
      'apps/portal/index.html',
      'apps/portal/vite.config.ts',
      'apps/portal/package.json',
      'packages/contract/src',
      'package-lock.json',
    ],
  },
  {
    name: 'database template',
    built: 'apps/api/dist/database-template.tar',
    command: ['run', 'build:template', '-w', '@lynk/api'],
    sources: [
      'apps/api/src/db',
      'apps/api/src/world',
      'apps/api/src/scripts/prepare.ts',
      'apps/api/src/scripts/database-template.ts',
      'package-lock.json',
    ],
    maxAgeMs: TEMPLATE_REBUILD_AGE_MS,
  },
];

/** The newest modification time of a file, or of any file below a folder. */
function newest(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), 0);
}

for (const target of targets) {
  const built = statSync(path.join(root, target.built), { throwIfNoEntry: false });
  const changed = Math.max(...target.sources.map((source) => newest(path.join(root, source))));
  const tooOld = built && target.maxAgeMs !== undefined && Date.now() - built.mtimeMs > target.maxAgeMs;
  if (built && built.mtimeMs > changed && !tooOld) {
    console.log(`The ${target.name} is current; not building it again.`);
  } else {
    execFileSync('npm', target.command, { cwd: root, stdio: 'inherit' });
  }
}
