// `npm start` builds the portal only when its build is older than what it is built from: a restart
// after no change to the portal starts the server at once. `npm run build` always builds.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/portal/src',
  'apps/portal/build',
  'apps/portal/public',
  'apps/portal/index.html',
  'apps/portal/vite.config.ts',
  'apps/portal/package.json',
  'packages/contract/src',
  'package-lock.json',
];

/** The newest modification time of a file, or of any file below a folder. */
function newest(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), 0);
}

const built = statSync(path.join(root, 'apps/portal/dist/index.html'), { throwIfNoEntry: false });
const changed = Math.max(...sources.map((source) => newest(path.join(root, source))));
if (built && built.mtimeMs > changed) {
  console.log('The portal build is current; not building it again.');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
