import type { ApiResponse } from '../../shared/api/contract';
import type { Deal } from '../../shared/deals';
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
