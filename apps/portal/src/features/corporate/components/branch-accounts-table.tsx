import type { Branch } from '@lynk/contract/accounts';
import { Box, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { TableFooter } from '@/components/table-footer';
import { truncate } from '@/lib/format';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { CORPORATE_TEXTS, TABLE_TEXTS } from '@/lib/texts';

/** Spec section 9: page size 25, 10 on a smartphone. */
export const BRANCH_PAGE_SIZE = { desktop: 25, smartphone: 10 } as const;
/** Spec section 2: mobile cards cut the main title over 20 characters. */
const MOBILE_TITLE_MAX = 20;

function LaunchButton({ branch, onLaunch }: { branch: Branch; onLaunch: (branch: Branch) => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      rightSection={<IconExternalLink size={14} aria-hidden />}
      aria-label={`${CORPORATE_TEXTS.launch} ${branch.name}`}
      onClick={() => onLaunch(branch)}
    >
      {CORPORATE_TEXTS.launch}
    </Button>
  );
}

/**
 * Branches of a parent organisation with a Launch button each. Balances and limit bars join the
 * table when their endpoints exist.
 */
export function BranchAccountsTable({
  branches,
  onLaunch,
  labelledBy,
}: {
  branches: readonly Branch[];
  onLaunch: (branch: Branch) => void;
  /** Id of the heading that names the table. */
  labelledBy?: string;
}) {
  const isSmartphone = useIsSmartphone();
  const pageSize = isSmartphone ? BRANCH_PAGE_SIZE.smartphone : BRANCH_PAGE_SIZE.desktop;
  const [requestedPage, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(branches.length / pageSize));
  const page = Math.min(requestedPage, pageCount);
  const rows = branches.slice((page - 1) * pageSize, page * pageSize);

  if (branches.length === 0) {
    return (
      <Card withBorder radius="md" py="xl">
        <Text ta="center" c="dimmed" fw={500}>
          {TABLE_TEXTS.noTransactions}
        </Text>
      </Card>
    );
  }

  return (
    <Stack gap={0}>
      {isSmartphone ? (
        <Box
          component="ul"
          p={0}
          m={0}
          aria-labelledby={labelledBy}
          style={{
            listStyle: 'none',
            display: 'flex',
            flexDirection: 'column',
            gap: 'var(--mantine-spacing-sm)',
          }}
        >
          {rows.map((branch) => (
            <Card key={branch.organization_id} component="li" withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Text fw={600} title={branch.name.length > MOBILE_TITLE_MAX ? branch.name : undefined}>
                    {truncate(branch.name, MOBILE_TITLE_MAX)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {CORPORATE_TEXTS.merchantId}: {branch.merchant_id}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {CORPORATE_TEXTS.organisationId}: {branch.organization_id}
                  </Text>
                </Stack>
                <LaunchButton branch={branch} onLaunch={onLaunch} />
              </Group>
            </Card>
          ))}
        </Box>
      ) : (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-labelledby={labelledBy}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{CORPORATE_TEXTS.merchantId}</Table.Th>
                  <Table.Th scope="col">{CORPORATE_TEXTS.name}</Table.Th>
                  <Table.Th scope="col">{CORPORATE_TEXTS.organisationId}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{CORPORATE_TEXTS.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((branch) => (
                  <Table.Tr key={branch.organization_id}>
                    <Table.Td>{branch.merchant_id}</Table.Td>
                    <Table.Td fw={500}>{branch.name}</Table.Td>
                    <Table.Td>{branch.organization_id}</Table.Td>
                    <Table.Td ta="right">
                      <LaunchButton branch={branch} onLaunch={onLaunch} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <TableFooter page={page} pageSize={pageSize} total={branches.length} onPageChange={setPage} />
    </Stack>
  );
}
