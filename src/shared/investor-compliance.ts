import { z } from 'zod';

// Suitability review and the investor DFSA Compliance screen (split out of the former shared/portal.ts, issue 28).

export const suitabilityInput = z.object({
  experience: z.enum(['none', 'limited', 'moderate', 'extensive'], { error: 'Choose your investment experience' }),
  riskTolerance: z.enum(['low', 'medium', 'high'], { error: 'Choose your risk tolerance' }),
  netWorthBand: z.enum(['under_1m', '1m_5m', '5m_25m', 'over_25m'], { error: 'Choose a net-worth band' }),
  investmentHorizon: z.enum(['under_3y', '3_5y', '5_10y', 'over_10y'], { error: 'Choose an investment horizon' }),
});
export type SuitabilityAnswers = z.infer<typeof suitabilityInput>;

/**
 * The DFSA's assessed Professional Client test for an individual (COB 2.3): net assets of at
 * least $1 million and experience of the relevant markets. Which parts an answer fails; failing
 * any moves the investor to 'Review required' until a compliance review.
 */
export function failedProfessionalCriteria(a: SuitabilityAnswers): string[] {
  const failed: string[] = [];
  if (a.netWorthBand === 'under_1m') failed.push('net assets under $1 million');
  if (a.experience === 'none') failed.push('no investment experience');
  return failed;
}
export const REVIEW_REQUIRED = 'Review required';
export const SUITABILITY_BLOCK_MESSAGE =
  'Your latest suitability review does not meet the DFSA Professional Client criteria, so new subscriptions are on hold. Our compliance team has been told and will contact you; you can also message them from Secure Messages.';

export type ComplianceCategoryStatus = 'Complete' | 'Current' | 'Due Soon' | 'Overdue' | 'In Review' | 'In Progress' | 'Action Required';
/** Investor compliance colours (spec section 4): Complete/Current green, Due Soon yellow, Overdue red, others grey. */
export const categoryTone = (s: ComplianceCategoryStatus) =>
  s === 'Complete' || s === 'Current' ? 'success' : s === 'Due Soon' ? 'warning' : s === 'Overdue' ? 'danger' : 'neutral';

export interface InvestorComplianceData {
  categories: { category: string; status: ComplianceCategoryStatus; progress: number; items: { label: string; done: boolean }[] }[];
  review: { dueDate: string; daysRemaining: number; lastCompletedAt: string | null; answers: SuitabilityAnswers | null };
  documents: { id: string; name: string; type: string; date: string; status: 'Current' | 'Expired' | 'Expiring'; extension: string }[];
  regulatory: {
    authorization: string;
    licenseNumber: string;
    classification: string;
    classificationReview: string;
    contactName: string;
    contactEmail: string;
    contactPhone: string;
  };
}
