import { readFileSync } from 'node:fs';
import { realClock } from './clock.ts';

/**
 * The clock of a server under browser journeys (TEST_CLOCK_FILE, test only): real time plus the
 * milliseconds written in the file. Journeys move it to make a second factor stale (ADR 030)
 * instead of waiting 15 minutes. The file is read at every call: a journey that moves the clock
 * and sends a request at once must have that request judged by the new time (watching the file
 * left a window in which a request kept alive with the old time, and a session then looked idle).
 */
export function fileClock(file: string): () => Date {
  return () => {
    let offset = 0;
    try {
      const written = Number(readFileSync(file, 'utf8').trim());
      if (Number.isFinite(written)) offset = written;
    } catch {
      // No file yet: no offset.
    }
    return new Date(realClock().getTime() + offset);
  };
}
