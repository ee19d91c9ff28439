import type { ApiResponse } from '../../shared/api/contract';
import type { ComplianceItem } from '../../shared/compliance';
import type { Deal } from '../../shared/deals';
import type { VaultDocument } from '../../shared/documents';
import type { InvestorDeal } from '../../shared/investor-deals';
import type { KycDetail } from '../../shared/kyc';
import type { Spv } from '../../shared/spvs';
import type { ManagedUser } from '../../shared/users';

/**
 * Typed sample records for the component tests' fake API, after the demo data (README "Demo
 * accounts"): each is the contract's type, so a fixture that drifts from the API fails tsc.
 */
export const SPV_MAURITIUS: Spv = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Meridian East Africa SPV I',
  jurisdiction: 'Mauritius',
  annualReturnDue: '2027-06-30',
  bankBalance: '1250000.00',
  advisoryFeeFlow: 'Quarterly to Meridian Advisory',
  status: 'Active',
  bankName: 'Mauritius Commercial Bank',
  accountName: 'Meridian East Africa SPV I Ltd',
  accountNumber: 'MU17BOMM0101101030300200000MUR',
  swiftCode: 'MCBLMUMU',
  paymentReference: 'Capital call',
  createdAt: '2026-01-05T09:00:00.000Z',
};

export const spvList = (...spvs: Spv[]): ApiResponse<'GET /api/spvs'> => ({ spvs });

export const DEAL_OIL: Deal = {
  id: '20000000-0000-4000-8000-000000000001',
  title: 'Mombasa Oil Trading Facility',
  type: 'Oil Trading',
  targetAmount: '1250000.00',
  committedAmount: '750000.00',
  spvEntity: 'Meridian East Africa SPV I',
  expectedIrr: '22%',
  riskScore: '6/10',
  description: 'Short-cycle crude trade finance.',
  nextStep: 'Credit committee',
  stage: 'Execution',
  status: 'Active',
  createdBy: null,
  createdByName: 'Fatima Founder',
  createdAt: '2026-09-01T08:00:00.000Z',
  stageEnteredAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-10-01T08:00:00.000Z',
};

/** Administrators as GET /api/users lists them (the assignee choices). */
export const ADMIN_USERS: ManagedUser[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'founder@demo.example.com',
    name: 'Fatima Founder',
    role: 'admin',
    userType: 'founder',
    adminUserType: 'founder',
    investorUserType: null,
    status: 'active',
    lastLogin: '2026-11-26T08:00:00.000Z',
    createdAt: '2026-01-01T08:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'legal@demo.example.com',
    name: 'Layla Legal',
    role: 'admin',
    userType: 'legal',
    adminUserType: 'legal',
    investorUserType: null,
    status: 'active',
    lastLogin: null,
    createdAt: '2026-01-01T08:00:00.000Z',
  },
];

/** A Document Vault row: the oil deal's offering memorandum, private to the firm; `over` changes it. */
export const vaultDocument = (over: Partial<VaultDocument> = {}): VaultDocument => ({
  id: '70000000-0000-4000-8000-000000000001',
  name: 'Offering memorandum',
  type: 'PPM',
  extension: 'pdf',
  fileSize: '512.00',
  byteSize: 524_288,
  sha256: 'a'.repeat(64),
  expirationDate: null,
  dealId: DEAL_OIL.id,
  dealTitle: DEAL_OIL.title,
  uploadedBy: null,
  uploadedByName: 'Fatima Founder',
  uploadDate: '2026-11-20T08:00:00.000Z',
  investorVisible: false,
  investorId: null,
  investorName: null,
  ...over,
});

/** A Compliance Center item: the DFSA prudential return, not started, unassigned; `over` changes it. */
export const complianceItem = (dueDate: string, over: Partial<ComplianceItem> = {}): ComplianceItem => ({
  id: '30000000-0000-4000-8000-000000000001',
  source: 'item',
  type: 'dfsa_filing',
  title: 'DFSA quarterly prudential return',
  description: null,
  dueDate,
  workflowState: 'not_started',
  status: 'due_soon',
  assignedTo: null,
  assignedToName: null,
  priority: 'high',
  recurrence: null,
  lastUpdated: '2026-11-01T09:00:00.000Z',
  ...over,
});

/** The demo investor's approved KYC application (the signed-in INVESTOR of testing/render.tsx). */
export const kycApproved = (investor: { id: string; name: string; email: string }): KycDetail => ({
  id: '60000000-0000-4000-8000-000000000002',
  investorId: investor.id,
  investorName: investor.name,
  email: investor.email,
  type: 'hni',
  status: 'approved',
  completionPercentage: 100,
  flags: { passport: true, address_proof: true, financial_statements: true, source_of_funds: true },
  submittedAt: '2026-10-01T09:00:00.000Z',
  reviewedBy: null,
  reviewedByName: 'Layla Legal',
  reviewedAt: '2026-10-02T09:00:00.000Z',
  reviewNote: null,
  suitabilityReviewRequired: false,
  documents: [],
  history: [],
});

/** The oil deal as an investor sees it, open for subscriptions; `over` changes it. */
export const openInvestorDeal = (over: Partial<InvestorDeal> = {}): InvestorDeal => ({
  id: DEAL_OIL.id,
  title: DEAL_OIL.title,
  type: DEAL_OIL.type,
  stage: DEAL_OIL.stage,
  status: DEAL_OIL.status,
  targetAmount: '1250000.00',
  // Target 1,250,000 less 750,000 committed and 0 reserved.
  remainingCapacity: '500000.00',
  expectedIrr: '22%',
  riskScore: '6/10',
  spvEntity: DEAL_OIL.spvEntity,
  description: null,
  open: true,
  held: false,
  terms: null,
  documents: [],
  agreements: [],
  ...over,
});
