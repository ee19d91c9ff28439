import { PageHeader } from '../../app/app-shell';
import { useAuth } from '../../app/auth-context';
import { companyName } from '../../lib/company';
import { KycCallToAction } from '../kyc/kyc-cta-card';

export default function InvestorDashboardPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={`Welcome, ${user?.name ?? ''}`} description={`Your investor portal with ${companyName()}`} />
      <div className="mb-6">
        <KycCallToAction />
      </div>
      <div className="rounded-xl border border-dashed border-border bg-surface p-8 text-center text-muted">
        <p className="font-medium text-ink-900">Your portfolio overview is coming soon.</p>
        <p className="mt-1 text-sm">Commitments, valuations, distributions and messages will appear here.</p>
      </div>
    </>
  );
}
