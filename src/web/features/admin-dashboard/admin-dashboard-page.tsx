import { PageHeader } from '../../app/app-shell';
import { useAuth } from '../../app/auth-context';

export default function AdminDashboardPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title={`Welcome, ${user?.name ?? ''}`}
        description={user?.userType === 'founder' ? 'Founder & Managing Partner' : 'Administrator'}
      />
      <div className="rounded-xl border border-dashed border-border bg-surface p-8 text-center text-muted">
        <p className="font-medium text-ink-900">Dashboard tiles and the active deal pipeline are coming soon.</p>
        <p className="mt-1 text-sm">They are computed from live deals, SPVs and compliance items once those modules land.</p>
      </div>
    </>
  );
}
