import { DEFAULT_RETENTION_POLICY, type RetentionPolicy, retentionPolicyInput } from '../../../shared/retention.ts';
import type { Queryable } from '../../db/client.ts';
import { storedSettings } from './repository.ts';

/** The settings key of the firm's retention policy (decision 054). */
export const RETENTION_POLICY_KEY = 'retentionPolicy';

/**
 * The firm's retention policy (decision 054), never below the DFSA minimums: a stored value that
 * no longer validates gives the minimums. Read by the retention module and by erasure answers (051).
 */
export async function retentionPolicy(q: Queryable): Promise<RetentionPolicy> {
  const parsed = retentionPolicyInput.safeParse(await storedSettings(q, RETENTION_POLICY_KEY));
  return parsed.success ? parsed.data : { ...DEFAULT_RETENTION_POLICY };
}
