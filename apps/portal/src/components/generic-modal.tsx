import { Box, Button, Group, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent, FormEventHandler, ReactNode } from 'react';
import { useModalState } from '@/lib/modal-registry';
import { MODAL_TEXTS } from './texts';

export interface ModalAction {
  label: string;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/**
 * The generic modal (spec section 2): a title, a subtitle, an optional close control, a main
 * action, a cancel action and a secondary action, the footer stacked or inline, and a loading
 * overlay. With `onSubmit` the body and footer are one form whose main action submits it (Enter in
 * a field submits too); while the main action is loading, a submission (Enter in a field while
 * the first one is on its way) sends nothing more. The title defaults to the one the modal was
 * opened with.
 */
export function GenericModal({
  title,
  subtitle,
  withCloseButton = true,
  mainAction,
  cancelAction,
  secondaryAction,
  footer = 'inline',
  loading = false,
  onSubmit,
  icon,
  children,
}: {
  title?: string;
  subtitle?: ReactNode;
  withCloseButton?: boolean;
  mainAction?: ModalAction;
  cancelAction?: ModalAction;
  secondaryAction?: ModalAction;
  footer?: 'inline' | 'stacked';
  loading?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** A large status icon above the subtitle (the status modals). */
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const modal = useModalState();
  const closable = withCloseButton && !modal.locked;
  const stacked = footer === 'stacked';

  const buttons = [
    mainAction ? (
      <Button
        key="main"
        type={onSubmit ? 'submit' : 'button'}
        onClick={mainAction.onClick}
        loading={mainAction.loading}
        disabled={mainAction.disabled}
        data-autofocus={onSubmit ? undefined : true}
      >
        {mainAction.label}
      </Button>
    ) : null,
    secondaryAction ? (
      <Button
        key="secondary"
        variant="light"
        onClick={secondaryAction.onClick}
        loading={secondaryAction.loading}
        disabled={secondaryAction.disabled}
      >
        {secondaryAction.label}
      </Button>
    ) : null,
    cancelAction ? (
      <Button
        key="cancel"
        variant="default"
        onClick={cancelAction.onClick}
        loading={cancelAction.loading}
        disabled={cancelAction.disabled}
      >
        {cancelAction.label}
      </Button>
    ) : null,
  ].filter(Boolean);

  const content = (
    <Stack gap="md" align={icon ? 'center' : undefined} ta={icon ? 'center' : undefined}>
      {icon}
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      {children}
      {buttons.length > 0 ? (
        stacked ? (
          <Stack gap="sm" w="100%" data-testid="modal-footer" data-layout="stacked">
            {buttons}
          </Stack>
        ) : (
          // Inline, the main action is last (rightmost), where the eye ends.
          <Group justify="flex-end" gap="sm" w="100%" data-testid="modal-footer" data-layout="inline">
            {[...buttons].reverse()}
          </Group>
        )
      ) : null}
    </Stack>
  );

  return (
    <>
      <Modal.Header>
        <Modal.Title fw={700} fz="lg">
          {title ?? modal.title}
        </Modal.Title>
        {closable ? <Modal.CloseButton aria-label={MODAL_TEXTS.close} /> : null}
      </Modal.Header>
      <Modal.Body pos="relative">
        <LoadingOverlay
          visible={loading}
          zIndex={10}
          loaderProps={{ role: 'status', 'aria-label': MODAL_TEXTS.working }}
        />
        {onSubmit ? (
          <Box
            component="form"
            noValidate
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              if (mainAction?.loading) event.preventDefault();
              else onSubmit(event);
            }}
          >
            {content}
          </Box>
        ) : (
          content
        )}
      </Modal.Body>
    </>
  );
}
