import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';

/** Writes `section` between its markers in docs/performance-log.md (appended the first time). */
export async function writePerformanceSection(marker: string, section: string) {
  const file = new URL('../docs/performance-log.md', import.meta.url);
  const doc = await readFile(file, 'utf8');
  const text = [`<!-- ${marker}:start -->`, section, `<!-- ${marker}:end -->`].join('\n');
  const marked = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
  const updated = marked.test(doc) ? doc.replace(marked, text) : `${doc.trimEnd()}\n\n${text}\n`;
  await writeFile(file, await format(updated, { filepath: fileURLToPath(file) }));
}
