import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` as the portal's build uses it (build/stable-mantine-ids.ts): React's id, the
 * same on the server and in the browser, kept. Mantine's own swaps it for a random one in a layout
 * effect after mounting, a synchronous re-render of every component using it (the frame, the tabs,
 * every popover) in the same task as the commit that took over the page the server rendered.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
