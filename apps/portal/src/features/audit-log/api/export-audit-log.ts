import { csvFileResponseSchema } from '@lynk/contract/batches';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadBase64File } from '@/lib/download-file';
import type { AuditLogPageQuery } from './get-audit-log';
import { AUDIT_LOG_PATH } from './get-audit-log';

/** GET /api/audit-log/export.csv: the rows the table's filters match, saved as a CSV file. */
async function exportAuditLog(query: Omit<AuditLogPageQuery, 'offset' | 'limit'>): Promise<void> {
  const { data } = await apiClient.get(`${AUDIT_LOG_PATH}/export.csv`, csvFileResponseSchema, {
    query: {
      sort: query.sort,
      from_utc: query.from_utc,
      to_utc: query.to_utc,
      actor: query.actor,
      action: query.action,
    },
  });
  downloadBase64File(data.file_name, data.csv);
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
