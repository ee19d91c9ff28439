import type { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { capitalCallKeys, dealKeys, distributionKeys } from '../../lib/query-keys';

export const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status !== 500 && err.message ? err.message : fallback;

export function refreshMoney(qc: ReturnType<typeof useQueryClient>, dealId: string) {
  void qc.invalidateQueries({ queryKey: dealKeys.managementFees(dealId) });
  void qc.invalidateQueries({ queryKey: dealKeys.ledger(dealId) });
  void qc.invalidateQueries({ queryKey: capitalCallKeys.all });
  void qc.invalidateQueries({ queryKey: distributionKeys.all });
}
