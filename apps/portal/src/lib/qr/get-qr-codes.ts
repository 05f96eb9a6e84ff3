import { qrCodeResponseSchema, type QrCodeResponse } from '@lynk/contract/qr';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/profile/qr-code: what the merchant's QR codes (and the caller's own) encode. */
const QR_CODES_PATH = '/api/profile/qr-code';

async function getQrCodes({ signal }: { signal?: AbortSignal } = {}): Promise<QrCodeResponse['data']> {
  return (await apiClient.get(QR_CODES_PATH, qrCodeResponseSchema, { signal })).data;
}

export function qrCodesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['qr-codes', orgId] as const,
    queryFn: ({ signal }) => getQrCodes({ signal }),
    staleTime: 5 * 60_000,
  });
}
