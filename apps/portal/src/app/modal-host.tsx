import { Center, Loader, Modal } from '@mantine/core';
import { Suspense, useState } from 'react';
import { getModalState, hideModal, useModalState } from '@/lib/modal-registry';
import { APP_TEXTS } from './texts';
import { MODAL_COMPONENTS, type ModalComponent } from './modals';

interface Shown {
  Component: ModalComponent<unknown>;
  data: unknown;
  instance: number;
}

// The registry's type ties each key to its data (openModal checks it); here any key is looked up.
const registered = MODAL_COMPONENTS as unknown as Partial<Record<string, ModalComponent<unknown>>>;

/**
 * The modal host (spec section 2, "A modal host is present"). It sits inside the router, the
 * session and the organisation scope, so a modal reads them like any page does (useOrganization,
 * useCan, links) instead of having them copied into its data. A form whose code is still on its
 * way shows a loader in the dialog until it is in.
 */
export function ModalHost() {
  const { key, data, locked, instance } = useModalState();
  const Component = key ? registered[key] : undefined;
  // Keep the last modal's content while the modal fades out, instead of an empty box.
  const [last, setLast] = useState<Shown | null>(null);
  if (Component && (last?.instance !== instance || last.data !== data || last.Component !== Component)) {
    setLast({ Component, data, instance });
  }
  const shown = Component ? { Component, data, instance } : last;

  return (
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
  );
}
