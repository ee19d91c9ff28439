import { z } from 'zod';
import type { InvestorUserType } from './constants.ts';

export const KYC_STATUSES = ['pending', 'in_review', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const kycStatusTone = (s: KycStatus) =>
  s === 'approved' ? 'success' : s === 'rejected' ? 'danger' : s === 'in_review' ? 'info' : 'warning';

/** The four document flags of spec section 3, each backed by an uploaded file. */
export const KYC_DOCUMENT_KINDS = ['passport', 'address_proof', 'financial_statements', 'source_of_funds'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

export const KYC_DOCUMENT_LABELS: Record<KycDocumentKind, string> = {
  passport: 'Passport',
  address_proof: 'Proof of Address',
  financial_statements: 'Financial Statements',
  source_of_funds: 'Source of Funds',
};

/** Which DFSA Compliance category each document belongs to. */
export const KYC_CATEGORY_OF: Record<KycDocumentKind, 'Identity Verification' | 'Financial Suitability'> = {
  passport: 'Identity Verification',
  address_proof: 'Identity Verification',
  financial_statements: 'Financial Suitability',
  source_of_funds: 'Financial Suitability',
};

/** KYC files accept documents and scans only. */
export const KYC_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

export interface KycDocument {
  kind: KycDocumentKind;
  originalName: string;
  extension: string;
  byteSize: number;
  uploadedAt: string;
}

export interface KycHistoryEntry {
  id: number;
  fromStatus: KycStatus | null;
  toStatus: KycStatus;
  actorName: string | null;
  actorId: string | null;
  note: string | null;
  createdAt: string;
}

export interface KycApplication {
  id: string;
  investorId: string;
  investorName: string;
  email: string;
  type: InvestorUserType | null;
  status: KycStatus;
  /** 25% per uploaded document. */
  completionPercentage: number;
  flags: Record<KycDocumentKind, boolean>;
  submittedAt: string | null;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  reviewNote: string | null;
  /** The latest suitability review fails the DFSA professional-client criteria: 'Review required'. */
  suitabilityReviewRequired: boolean;
}

export interface KycDetail extends KycApplication {
  documents: KycDocument[];
  history: KycHistoryEntry[];
}

export interface KycCounters {
  total: number;
  pending: number;
  in_review: number;
  approved: number;
  rejected: number;
}

export const completionOf = (flags: Record<KycDocumentKind, boolean>) => KYC_DOCUMENT_KINDS.filter((k) => flags[k]).length * 25;

export const rejectKycInput = z.object({
  reason: z
    .string({ error: 'A reason is required to reject an application' })
    .trim()
    .min(1, 'A reason is required to reject an application')
    .max(2000),
});
export const approveKycInput = z.object({ note: z.string().trim().max(2000).optional() });

/** GET /api/kyc: every application, newest first, with the counters by status. */
export interface KycList {
  applications: KycApplication[];
  counters: KycCounters;
}
