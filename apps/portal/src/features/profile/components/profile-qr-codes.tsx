import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { QrCodeMenu } from '@/components/qr-code-menu';
import { QrCodePreview } from '@/components/qr-code-preview';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { PROFILE_TEXTS } from '../texts';

/** The wallets' QR codes, shown and downloadable (spec section 6: QR download needs profile read). */
export function ProfileQrCodes() {
  const headingId = useId();
  const allowed = useCan('qrDownload');
  const { hasCbdc } = useOrganization();
  if (!allowed) return null;
  const wallets = hasCbdc ? (['main', 'cbdc'] as const) : (['main'] as const);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {PROFILE_TEXTS.qrCodes}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {PROFILE_TEXTS.qrCodesHint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: wallets.length }} spacing="xl">
        {wallets.map((wallet) => (
          <Stack key={wallet} align="center" gap="sm" data-testid={`profile-qr-${wallet}`}>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
              {wallet === 'main' ? PROFILE_TEXTS.mainWallet : PROFILE_TEXTS.jamDexWallet}
            </Text>
            <QrCodePreview wallet={wallet} />
            <QrCodeMenu wallet={wallet} />
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
