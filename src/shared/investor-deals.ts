import type { DealEconomics } from './deal-terms.ts';

// The Deal Vault: a deal as an investor sees it (split out of the former shared/portal.ts, issue 28).

/** A deal as an investor sees it in the Deal Vault. */
export interface InvestorDeal {
  id: string;
  title: string;
  type: string;
  stage: string;
  status: string;
  targetAmount: string | null;
  /** Target minus Completed and reserved (Pending, Under Review) amounts; null without a target. */
  remainingCapacity: string | null;
  expectedIrr: string | null;
  riskScore: string | null;
  spvEntity: string | null;
  description: string | null;
  open: boolean;
  held: boolean;
  /** The deal's economics in force (the review step of subscribing shows them); null without terms. */
  terms: DealEconomics | null;
  documents: { id: string; name: string; type: string; extension: string; fileSize: string; uploadDate: string }[];
  /**
   * The investor's own executed subscription agreements on this deal (issue 30: "a copy ... in
   * their Deal Vault"), newest first; downloaded from /api/investor/envelopes/:envelopeId/document.
   */
  agreements: { envelopeId: string; executedAt: string; byteSize: number }[];
}
