import { useEffect, useRef } from 'react';
import { useIsSmartphone } from './use-smartphone';

/**
 * Calls `onDesktop` whenever the screen becomes desktop width, whatever width it started at (spec
 * section 2: the details modals close then, since the table shows the row).
 */
export function useOnBecomingDesktop(onDesktop: () => void): void {
  const isSmartphone = useIsSmartphone();
  const wasSmartphone = useRef(isSmartphone);
  useEffect(() => {
    if (wasSmartphone.current && !isSmartphone) onDesktop();
    wasSmartphone.current = isSmartphone;
  }, [isSmartphone, onDesktop]);
}
