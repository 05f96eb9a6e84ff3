import { useState } from 'react';

/**
 * True from the first render where `needed` is, and from then on: for a part built only when it is
 * first needed (a closed drawer's content) and kept afterwards, so that its closing transition
 * plays and showing it again costs nothing.
 */
export function useNeededOnce(needed: boolean): boolean {
  const [built, setBuilt] = useState(needed);
  if (needed && !built) setBuilt(true);
  return built || needed;
}
