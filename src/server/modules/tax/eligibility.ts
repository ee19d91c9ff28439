import type { EligibilityReason } from '../../../shared/dfsa-classification.ts';
import { changeOverdue, TAX_MISSING_MESSAGE, TAX_OVERDUE_MESSAGE } from '../../../shared/tax-certification.ts';
import type { Queryable } from '../../db/client.ts';
import { latestVersion, openChange } from './repository.ts';

/**
 * The tax self-certification's condition of the subscription gate (issue 31 part 3, decision 049),
 * called by `subscriptionEligibility`: no certification yet (TAX_CERTIFICATION_MISSING), or a
 * change of circumstances whose 90 days ran out on an earlier company day without a new one
 * (TAX_CERTIFICATION_OVERDUE). Within the 90 days the certification in force still counts.
 */
export async function taxCertificationReasons(q: Queryable, investorId: string, today: string): Promise<EligibilityReason[]> {
  if ((await latestVersion(q, investorId)) === 0) return [{ code: 'TAX_CERTIFICATION_MISSING', message: TAX_MISSING_MESSAGE }];
  const change = await openChange(q, investorId);
  if (change && changeOverdue(change.dueDate, today)) return [{ code: 'TAX_CERTIFICATION_OVERDUE', message: TAX_OVERDUE_MESSAGE }];
  return [];
}
