import type { Branch } from '@lynk/contract/accounts';
import { pathSegmentFromOrgId } from '@lynk/contract/session';
import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { useOrganization } from '@/lib/organization';
import { CORPORATE_TEXTS } from '../texts';
import { useBranches } from '../api/get-branches';
import { BranchAccountsTable } from './branch-accounts-table';

/** The corporate dashboard's branch accounts; Launch opens the branch (a silent re-authorization). */
export function BranchAccountsPane() {
  const { orgId } = useOrganization();
  const branches = useBranches(orgId);
  const navigate = useNavigate();
  const headingId = useId();
  const launch = (branch: Branch) => navigate(`/${pathSegmentFromOrgId(branch.organization_id)}`);

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {CORPORATE_TEXTS.branchAccounts}
        </Title>
        {branches.isPending ? (
          <CenteredLoader label={CORPORATE_TEXTS.loading} />
        ) : (
          <BranchAccountsTable branches={branches.data ?? []} onLaunch={launch} labelledBy={headingId} />
        )}
      </Stack>
    </section>
  );
}
