import { Title } from '@mantine/core';

/** The organisation (branch) name at the top of a page. */
export function BranchHeading({ name }: { name: string }) {
  return (
    <Title order={1} fz={{ base: 22, sm: 26 }} mb="lg" data-testid="branch-heading">
      {name}
    </Title>
  );
}
