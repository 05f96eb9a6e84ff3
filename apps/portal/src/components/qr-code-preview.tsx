import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useOrganization } from '@/lib/organization';
import { useQrSubject, type QrWallet } from '@/lib/qr/use-qr-subject';
import { useRequiredSession } from '@/lib/session';
import { QR_TEXTS } from './texts';

/** The PNG as a data URL: a few kilobytes, kept in the query cache with nothing to revoke. */
async function toDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/png;base64,${btoa(binary)}`;
}

/** A wallet's QR code as the server draws it, with whose it is above it (the My Profile page). */
export function QrCodePreview({ wallet, size = 176 }: { wallet: QrWallet; size?: number }) {
  const { orgId } = useOrganization();
  const session = useRequiredSession();
  const subject = useQrSubject(wallet, QR_TEXTS.jamDexHeading);
  const image = useQuery({
    queryKey: ['qr-image', orgId, wallet, subject?.own ? session.authID : 'merchant'],
    queryFn: async ({ signal }) => toDataUrl(await subject!.loadImage({ signal })),
    enabled: subject !== null,
    staleTime: 5 * 60_000,
  });
  const url = image.data;
  if (!subject) return null;
  if (image.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {QR_TEXTS.previewFailed}
      </Text>
    );
  }
  return (
    <figure style={{ margin: 0, textAlign: 'center' }}>
      <Text component="figcaption" fw={600} size="sm" mb={4}>
        {subject.heading}
      </Text>
      {url ? (
        <img
          src={url}
          width={size}
          height={size}
          alt={QR_TEXTS.previewAlt(subject.heading)}
          data-testid={`qr-preview-${wallet}`}
        />
      ) : (
        <Skeleton width={size} height={size} mx="auto" radius="sm" />
      )}
    </figure>
  );
}
