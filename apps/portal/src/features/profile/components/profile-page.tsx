import type { MerchantProfile } from '@lynk/contract/profile';
import type { SessionIdentity } from '@lynk/contract/session';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { PaneSection } from '@/components/pane-section';
import { formatPhone } from '@lynk/contract/constants';
import { formatAddress, initials } from '@/lib/format';
import { useOrganization } from '@/lib/organization';
import { useRequiredSession } from '@/lib/session';
import { PROFILE_TEXTS } from '../texts';
import { useProfile } from '../api/get-profile';
import classes from './profile-page.module.css';
import { ProfileQrCodes } from './profile-qr-codes';
import { TwoFactorCard } from './two-factor-card';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A titled card of the page's details (a description list). */
function DetailsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PaneSection title={title}>
      <dl className={classes.fields}>{children}</dl>
    </PaneSection>
  );
}

function orNotAvailable(value: string): string {
  return value.trim() === '' ? PROFILE_TEXTS.notAvailable : value;
}

export function ProfileDetails({ profile, user }: { profile: MerchantProfile; user: SessionIdentity }) {
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar size={56} radius="xl" color="lynk" variant="filled" aria-hidden>
          {initials(profile.name)}
        </Avatar>
        <div>
          <Text fw={700} size="lg">
            {profile.name}
          </Text>
          {profile.category ? (
            <Text size="sm" c="dimmed">
              {profile.category}
            </Text>
          ) : null}
          {profile.parent_name ? (
            <Text size="sm" c="dimmed">
              {PROFILE_TEXTS.branchOf(profile.parent_name)}
            </Text>
          ) : null}
        </div>
      </Group>
      <DetailsCard title={PROFILE_TEXTS.business}>
        <Field label={PROFILE_TEXTS.merchant}>{profile.name}</Field>
        <Field label={PROFILE_TEXTS.walletId}>{profile.username}</Field>
        <Field label={PROFILE_TEXTS.organizationId}>{profile.organization_id}</Field>
        <Field label={PROFILE_TEXTS.email}>{orNotAvailable(profile.email)}</Field>
        <Field label={PROFILE_TEXTS.phone}>{orNotAvailable(formatPhone(profile.phone_number))}</Field>
        <Field label={PROFILE_TEXTS.address}>{orNotAvailable(formatAddress(profile.address))}</Field>
        <Field label={PROFILE_TEXTS.about}>{orNotAvailable(profile.about)}</Field>
        <Field label={PROFILE_TEXTS.description}>{orNotAvailable(profile.description)}</Field>
      </DetailsCard>
      <DetailsCard title={PROFILE_TEXTS.user}>
        <Field label={PROFILE_TEXTS.displayName}>{user.displayName}</Field>
        <Field label={PROFILE_TEXTS.email}>{user.email}</Field>
        <Field label={PROFILE_TEXTS.role}>{user.role}</Field>
      </DetailsCard>
      <ProfileQrCodes />
      <TwoFactorCard />
    </Stack>
  );
}

/** My Profile: the organisation's merchant profile and the signed-in user. */
export function ProfilePage() {
  const { orgId } = useOrganization();
  const user = useRequiredSession();
  const profile = useProfile(orgId);

  return (
    <div data-testid="profile-page">
      <PageHeader title={PROFILE_TEXTS.title} />
      {profile.isPending ? (
        <CenteredLoader label={PROFILE_TEXTS.loading} />
      ) : profile.isError ? (
        <ErrorState message={PROFILE_TEXTS.walletInfo} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileDetails profile={profile.data} user={user} />
      )}
    </div>
  );
}
