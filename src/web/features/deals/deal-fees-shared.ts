import type { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';

export const managementFeesKey = (dealId: string) => ['deals', 'management-fees', dealId] as const;
export const ledgerKey = (dealId: string) => ['deals', 'ledger', dealId] as const;

export const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status !== 500 && err.message ? err.message : fallback;

export function refreshMoney(qc: ReturnType<typeof useQueryClient>, dealId: string) {
  void qc.invalidateQueries({ queryKey: managementFeesKey(dealId) });
  void qc.invalidateQueries({ queryKey: ledgerKey(dealId) });
  void qc.invalidateQueries({ queryKey: ['capital-calls'] });
  void qc.invalidateQueries({ queryKey: ['distributions'] });
}
