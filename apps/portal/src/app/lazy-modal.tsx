import { Center, Loader } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import { lazy, Suspense, type FC } from 'react';
import { AUTH_TEXTS } from '@/lib/texts';

/**
 * A context modal whose code loads when it is first opened: the modal host registers every modal
 * up front, and this keeps their forms out of the host's chunk.
 */
// `any` is Mantine's own bound on innerProps (ContextModalProps); `unknown` would refuse interfaces.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyModal<Inner extends Record<string, any>>(
  load: () => Promise<FC<ContextModalProps<Inner>>>,
): FC<ContextModalProps<Inner>> {
  const Modal = lazy(async () => ({ default: await load() }));
  function LazyModal(props: ContextModalProps<Inner>) {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            {/* A bare span may not carry aria-label: give it a status role so the text is announced. */}
            <Loader type="dots" role="status" aria-label={AUTH_TEXTS.loading} />
          </Center>
        }
      >
        <Modal {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}
