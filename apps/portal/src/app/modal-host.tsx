import { Center, Loader, Modal, Portal } from '@mantine/core';
import { Suspense, useEffect, useReducer, useState } from 'react';
import { getModalState, hideModal, ShownModal, useModalState, type ModalState } from '@/lib/modal-registry';
import { APP_TEXTS } from './texts';
import { MODAL_COMPONENTS, type ModalChunk, type ModalComponent } from './modals';
import classes from './modal-host.module.css';

interface Shown {
  Component: ModalComponent<unknown>;
  data: unknown;
  instance: number;
}

// The registry's type ties each key to its data (openModal checks it); here any key is looked up.
const registered = MODAL_COMPONENTS as unknown as Partial<
  Record<string, ModalComponent<unknown> | ModalChunk<unknown>>
>;

const isChunk = (entry: ModalComponent<unknown> | ModalChunk<unknown>): entry is ModalChunk<unknown> =>
  'load' in entry;

/** The chunk a modal still waits for before it can be shown, if any. */
function awaitedChunk({ key }: ModalState): ModalChunk<unknown> | undefined {
  const entry = key ? registered[key] : undefined;
  return entry && isChunk(entry) && !entry.loaded ? entry : undefined;
}

/**
 * The modal host (spec section 2, "A modal host is present"). It sits inside the router, the
 * session and the organisation scope, so a modal reads them like any page does (useOrganization,
 * useCan, links) instead of having them copied into its data.
 *
 * A modal opens once its code is in, whole: until then the screen keeps what it shows (the page,
 * or the modal before it) and a bar along the top says something is coming. A loader in the
 * dialog, then the taller form, re-centred the dialog some time after the click: a layout shift
 * (0.022 on a busy machine).
 */
export function ModalHost() {
  const requested = useModalState();
  const [onScreen, setOnScreen] = useState(requested);
  const [, chunkArrived] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<unknown>(null);
  const awaited = awaitedChunk(requested);
  if (!awaited && onScreen !== requested) setOnScreen(requested);
  useEffect(() => {
    let current = true;
    awaited?.load().then(
      () => current && chunkArrived(),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [awaited]);
  // As a page whose code could not be loaded: the nearest error boundary tells it.
  if (failure) throw failure;

  const modal = awaited ? onScreen : requested;
  const { key, data, locked, instance } = modal;
  const entry = key ? registered[key] : undefined;
  const Component = entry && isChunk(entry) ? entry.loaded : entry;
  // Keep the last modal's content while the modal fades out, instead of an empty box.
  const [last, setLast] = useState<Shown | null>(null);
  if (Component && (last?.instance !== instance || last.data !== data || last.Component !== Component)) {
    setLast({ Component, data, instance });
  }
  const shown = Component ? { Component, data, instance } : last;

  return (
    <ShownModal value={modal}>
      {awaited ? (
        // In a portal like the dialog: the host may be asked for a modal while React is still
        // taking its part of a rendered page over, and its place there holds nothing.
        <Portal>
          <div className={classes.opening} role="progressbar" aria-label={APP_TEXTS.loading} />
        </Portal>
      ) : null}
      <Modal.Root
        opened={Component !== undefined}
        onClose={() => {
          if (!getModalState().locked) hideModal();
        }}
        closeOnEscape={!locked}
        closeOnClickOutside={!locked}
        centered
      >
        <Modal.Overlay />
        <Modal.Content>
          {shown ? (
            // For anything else a modal's content waits for: the dialog stays, with a loader in it.
            <Suspense
              fallback={
                <Center py="xl">
                  {/* A bare span may not carry aria-label: give it a status role so the text is announced. */}
                  <Loader type="dots" role="status" aria-label={APP_TEXTS.loading} />
                </Center>
              }
            >
              <shown.Component key={shown.instance} data={shown.data} />
            </Suspense>
          ) : null}
        </Modal.Content>
      </Modal.Root>
    </ShownModal>
  );
}
