import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { STEP_UP_CHANNEL, STEP_UP_DONE_PATH, STEP_UP_PATH } from '@lynk/contract/step-up';
import { useHardNavigate } from '@/lib/hard-navigate';
import { cancelStepUp, completeStepUp, useStepUpPending } from '@/lib/step-up';
import { STEP_UP_TEXTS } from '../texts';

/** Above the modal host: the step-up interrupts whatever modal asked for it. */
const ABOVE_MODALS = 400;
const WINDOW_FEATURES = 'popup,width=480,height=720';

/**
 * Asks the user to confirm who they are when a call needs a step-up (ADR 030). The confirmation
 * runs in a small window, so the page and its form stay as they are; the window's last page tells
 * this tab (a BroadcastChannel) and the waiting call is made again. A blocked window falls back to
 * the same confirmation in this tab, which comes back to the same address.
 */
export function StepUpDialog() {
  const pending = useStepUpPending();
  const hardNavigate = useHardNavigate();
  const [popup, setPopup] = useState<Window | null>(null);

  useEffect(() => {
    if (!pending) return;
    const channel = new BroadcastChannel(STEP_UP_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'verified') {
        setPopup(null);
        completeStepUp();
      }
    };
    return () => channel.close();
  }, [pending]);

  // A window closed without confirming puts the dialog back to its first step.
  useEffect(() => {
    if (!popup) return;
    const timer = window.setInterval(() => {
      if (popup.closed) setPopup(null);
    }, 500);
    return () => window.clearInterval(timer);
  }, [popup]);

  function open() {
    const url = `${STEP_UP_PATH}?${new URLSearchParams({ returnTo: STEP_UP_DONE_PATH })}`;
    const opened = window.open(url, 'lynk-step-up', WINDOW_FEATURES);
    if (opened) {
      setPopup(opened);
      return;
    }
    const here = `${window.location.pathname}${window.location.search}`;
    hardNavigate(`${STEP_UP_PATH}?${new URLSearchParams({ returnTo: here })}`);
  }

  function cancel() {
    popup?.close();
    setPopup(null);
    cancelStepUp();
  }

  return (
    <Modal
      opened={pending}
      onClose={cancel}
      title={STEP_UP_TEXTS.title}
      centered
      zIndex={ABOVE_MODALS}
      closeButtonProps={{ 'aria-label': STEP_UP_TEXTS.close }}
    >
      <Stack gap="md">
        <Text size="sm">{STEP_UP_TEXTS.body}</Text>
        {popup ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{STEP_UP_TEXTS.waiting}</Text>
          </Group>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {STEP_UP_TEXTS.cancel}
          </Button>
          <Button onClick={open} data-autofocus>
            {popup ? STEP_UP_TEXTS.reopen : STEP_UP_TEXTS.open}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
