import { readFileSync, watchFile } from 'node:fs';

/**
 * The clock of a server under browser journeys (TEST_CLOCK_FILE, test only): real time plus the
 * milliseconds written in the file, read again whenever the file changes. Journeys move it to make
 * a second factor stale (ADR 030) instead of waiting 15 minutes.
 */
export function fileClock(file: string): () => Date {
  const read = () => {
    try {
      const offset = Number(readFileSync(file, 'utf8').trim());
      return Number.isFinite(offset) ? offset : 0;
    } catch {
      return 0;
    }
  };
  let offset = read();
  watchFile(file, { interval: 50, persistent: false }, () => {
    offset = read();
  });
  return () => new Date(Date.now() + offset);
}
