/** The investor dashboard's figures. */
export interface InvestorDashboardData {
  /** The date the figures are measured to (the company's today); distributions are paid ones only. */
  asOf: string | null;
  totalCommitted: string;
  currentValue: string;
  distributionsReceived: string;
  nextPayment: { date: string; amount: string; dealName: string } | null;
  unreadMessages: number;
  kyc: { status: string; completionPercentage: number };
  recentDeals: { id: string; title: string; type: string; status: string }[];
  /** Capital calls not yet paid in full, soonest due first. */
  amountsDue: { callId: string; dealTitle: string; dueDate: string; outstanding: string; status: string }[];
}
