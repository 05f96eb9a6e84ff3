import { COPY_DELAY_MS, TOAST_DURATION_MS } from '@lynk/contract/constants';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { PAYMENT_REQUEST_TEXTS } from '../texts';

/** idle: Copy is offered; copying: pressed, waiting to copy; copied: the toast is showing. */
export type CopyPhase = 'idle' | 'copying' | 'copied';

/**
 * Spec section 4, "Payment request": about 2.4 s after Copy is pressed the text goes to the
 * clipboard and the toast "Payment Request Link Details copied successfully." shows for about 2 s;
 * then Copy returns. A clipboard the browser refuses is only logged, and Copy returns at once.
 */
export function useDelayedCopy(text: string): { phase: CopyPhase; copy: () => void } {
  const [phase, setPhase] = useState<CopyPhase>('idle');
  const timers = useRef<number[]>([]);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  const later = (run: () => void, ms: number) => {
    timers.current.push(window.setTimeout(run, ms));
  };

  const copy = () => {
    if (phase !== 'idle') return;
    setPhase('copying');
    later(() => {
      // No clipboard at all (a page served over plain http) is a refusal like any other.
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(text))
        .then(
          () => {
            if (!mounted.current) return;
            setPhase('copied');
            notifications.show({
              message: PAYMENT_REQUEST_TEXTS.copied,
              color: 'green',
              autoClose: TOAST_DURATION_MS.copy,
            });
            later(() => setPhase('idle'), TOAST_DURATION_MS.copy);
          },
          (error: unknown) => {
            console.error('The payment request link could not be copied', error);
            if (mounted.current) setPhase('idle');
          },
        );
    }, COPY_DELAY_MS);
  };

  return { phase, copy };
}
