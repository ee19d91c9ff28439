import {
  CLASSIFICATION_EXPIRED_MESSAGE,
  CLASSIFICATION_MISSING_MESSAGE,
  CLASSIFICATION_PENDING_MESSAGE,
  CLASSIFICATION_RETAIL_MESSAGE,
  classificationCurrent,
  type EligibilityReason,
} from '../../../shared/dfsa-classification.ts';
import type { Queryable } from '../../db/client.ts';
import { kycRefreshEligibility } from '../risk/service.ts';
import { screeningReasons } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { taxCertificationReasons } from '../tax/eligibility.ts';
import { decidedClassification, latestClassification } from './repository.ts';

/**
 * Why the investor may not subscribe now, as far as onboarding is concerned (issue 31, decision
 * record 037): the one hook the subscription gate calls (createSubscription answers 409 with the
 * first reason). Empty when nothing blocks. Add later onboarding checks here, each a reason with
 * its own code and message: sanctions screening freezes and PEP approval (issue 31 part B), tax
 * self-certification and an overdue KYC refresh (parts 2 and 3). Distributions owed are not
 * subscriptions and are never blocked by this hook.
 */
export async function subscriptionEligibility(q: Queryable, investorId: string, today?: string): Promise<EligibilityReason[]> {
  const day = today ?? (await companyDayIn(q)).today;
  const reasons: EligibilityReason[] = [];
  const decided = await decidedClassification(q, investorId);
  if (!decided) {
    const latest = await latestClassification(q, investorId);
    reasons.push(
      latest?.status === 'submitted'
        ? { code: 'CLASSIFICATION_PENDING', message: CLASSIFICATION_PENDING_MESSAGE }
        : { code: 'CLASSIFICATION_MISSING', message: CLASSIFICATION_MISSING_MESSAGE },
    );
  } else if (decided.decision === 'retail') {
    reasons.push({ code: 'CLASSIFICATION_RETAIL', message: CLASSIFICATION_RETAIL_MESSAGE });
  } else if (!classificationCurrent(decided.reviewDue, day)) {
    reasons.push({ code: 'CLASSIFICATION_EXPIRED', message: CLASSIFICATION_EXPIRED_MESSAGE });
  }
  // FATCA / CRS self-certification (issue 31 part 3, decision 049).
  reasons.push(...(await taxCertificationReasons(q, investorId, day)));
  // Sanctions freeze and PEP approval (decision 038): also here, so the form says it before anything is typed.
  reasons.push(...(await screeningReasons(q, investorId, 'subscription')));
  // The periodic KYC refresh (issue 31 part 4, decision 050): overdue blocks new subscriptions.
  reasons.push(...(await kycRefreshEligibility(q, investorId, day)));
  return reasons;
}
