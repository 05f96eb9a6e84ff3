import { Title } from '@mantine/core';
import { useLocation } from 'react-router';

/**
 * The organisation (branch) name at the top of a page. Spec section 2: "A branch name heading is
 * shown on every path except /" — the rule lives here, so no page can show it on "/".
 */
export function BranchHeading({ name }: { name: string }) {
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  return (
    <Title order={1} fz={{ base: 22, sm: 26 }} mb="lg" data-testid="branch-heading">
      {name}
    </Title>
  );
}
