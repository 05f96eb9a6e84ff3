import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PAYMENT_REQUEST_TEXTS } from '../texts';

/** A QR code's dark modules as one SVG path, one unit square per module, inside a quiet zone. */
interface QrPicture {
  size: number;
  path: string;
}

const QUIET_ZONE = 2;

async function drawQr(url: string): Promise<QrPicture> {
  // The encoder loads with the first link shown, not with the portal.
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (modules.get(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path };
}

/**
 * The payment link as a QR code the customer can scan, drawn in the browser as an SVG (no image
 * service sees the link). A skeleton holds its place while the encoder loads.
 */
export function PaymentLinkQr({ url, size = 176 }: { url: string; size?: number }) {
  const [picture, setPicture] = useState<{ url: string; qr: QrPicture } | null>(null);

  useEffect(() => {
    let current = true;
    drawQr(url).then(
      (qr) => {
        if (current) setPicture({ url, qr });
      },
      (error: unknown) => console.error('The payment link QR code could not be drawn', error),
    );
    return () => {
      current = false;
    };
  }, [url]);

  if (picture?.url !== url) return <Skeleton width={size} height={size} radius="sm" />;
  const { qr } = picture;
  return (
    <svg
      role="img"
      aria-label={PAYMENT_REQUEST_TEXTS.qrAlt}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-testid="payment-link-qr"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
