import type { Shift } from '@lynk/contract/shifts';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { CenteredLoader } from '@/components/centered-loader';
import { PageHeader } from '@/components/page-header';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { formatTimestamp } from '@/lib/format';
import { EMPTY_PAGE } from '@/lib/listing';
import { openModal } from '@/lib/modal-registry';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useCurrentShifts } from '../api/get-current-shifts';
import { useShifts } from '../api/get-shifts';
import { CASH_UP_TEXTS as T } from '../texts';
import { ShiftTotals } from './shift-totals';
import { ShiftsTable } from './shifts-table';

/** The open shift of one cashier: running totals since it started, and "Close shift". */
function CurrentShift({ shift, onClosed }: { shift: Shift; onClosed: (id: string) => void }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="current-shift">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2} size="h4">
            {T.currentShift}
          </Title>
          <Text size="sm" c="dimmed">
            {shift.cashier_name} · {T.since} {formatTimestamp(shift.started_at)} · {T.asOf}{' '}
            {formatTimestamp(shift.as_of)}
          </Text>
        </div>
        <Button
          leftSection={<IconLock size={18} aria-hidden />}
          onClick={() => openModal('close-shift', { shift, onClosed }, { title: T.closeShift })}
        >
          {T.closeShift}
        </Button>
      </Group>
      <ShiftTotals totals={shift.totals} />
    </Paper>
  );
}

/**
 * The cash-up (end of shift): the open shift's running totals with "Close shift", and the past
 * shifts. A cashier sees their own; a manager (who reads every order of the branch) picks a
 * cashier. The server decides whose shifts anyone sees; hiding is not the protection.
 */
export function CashUpPage() {
  const { orgId, segment } = useOrganization();
  const allowed = useCan('cashUp');
  const manager = useCan('cashUpManage');
  const navigate = useNavigate();
  const listing = useListingParams();
  const [cashierId, setCashierId] = useState<number | null>(null);
  const current = useCurrentShifts(orgId, { enabled: allowed });
  const shifts = current.data ?? [];
  const shown = shifts.find((shift) => shift.cashier_id === cashierId) ?? (manager ? undefined : shifts[0]);
  const list = useShifts(
    orgId,
    {
      offset: (listing.page - 1) * listing.pageSize,
      limit: listing.pageSize,
      cashierId: manager ? (cashierId ?? undefined) : undefined,
    },
    { enabled: allowed },
  );
  const paths = organizationPaths(segment);
  const home = `${paths.mainWallet}/orders`;
  const openShift = (id: string) => void navigate(`${paths.cashUp}/${id}`);

  if (!allowed) return <AccessDenied />;

  return (
    <div data-testid="cash-up-page">
      <PageHeader
        title={T.title}
        breadcrumbs={[{ label: T.dashboard, to: home }, { label: T.title }]}
        back={{ to: home, label: T.back }}
      />
      <Stack gap="lg">
        {manager ? (
          <Select
            label={T.cashier}
            placeholder={T.allCashiers}
            data={shifts.map((shift) => ({ value: String(shift.cashier_id), label: shift.cashier_name }))}
            value={cashierId === null ? null : String(cashierId)}
            onChange={(value) => {
              setCashierId(value === null ? null : Number(value));
              listing.setPage(1);
            }}
            clearable
            maw={360}
            nothingFoundMessage={T.noCashiers}
          />
        ) : null}
        {current.isPending ? <CenteredLoader label={T.loading} /> : null}
        {shown ? <CurrentShift shift={shown} onClosed={openShift} /> : null}
        <div>
          <Title order={2} size="h4" mb="sm" id="past-shifts">
            {T.pastShifts}
          </Title>
          <ShiftsTable
            page={list.data ?? EMPTY_PAGE}
            loading={list.isPending}
            listing={listing}
            withCashier={manager}
            onOpen={(shift) => shift.id && openShift(shift.id)}
          />
        </div>
      </Stack>
    </div>
  );
}
