import { Button, Card, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { TWO_FACTOR_ENROL_PATH } from '@lynk/contract/step-up';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { PROFILE_TEXTS } from '../texts';

/**
 * Two-step verification on My Profile (ADR 030): on, or a way to set it up at the identity
 * provider (a full-page visit that comes back here).
 */
export function TwoFactorCard() {
  const headingId = useId();
  const status = useTwoFactorStatus();
  if (!status.isSuccess) return null;
  const setUp = `${TWO_FACTOR_ENROL_PATH}?${new URLSearchParams({ returnTo: '/profile' })}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {PROFILE_TEXTS.twoFactor}
      </Title>
      {status.data.enabled ? (
        <Text size="sm">{PROFILE_TEXTS.twoFactorOn}</Text>
      ) : (
        <>
          <Text size="sm" mb="md">
            {PROFILE_TEXTS.twoFactorOff}
          </Text>
          <Button component="a" href={setUp} variant="light">
            {PROFILE_TEXTS.twoFactorSetUp}
          </Button>
        </>
      )}
    </Card>
  );
}
