import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import { callStatusTone, type InvestorCallNotice } from '../../../shared/ledger';
import { formatUsdExact } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { toast } from '../../lib/toast';
import { downloadPdf, useMyCapitalCalls } from './api';

/** Capital Calls (/investor/capital-calls): the investor's call notices with payment instructions. */
export default function InvestorCallsPage() {
  const notices = useMyCapitalCalls();
  return (
    <>
      <PageHeader title="Capital Calls" description="Your capital call notices: what is due, by when, and where to pay." />
      {notices.isError && (
        <LoadError
          title="Failed to load your capital calls"
          error={notices.error}
          onRetry={() => notices.refetch()}
          busy={notices.isFetching}
        />
      )}
      {notices.isLoading && <p className="text-muted">Loading your capital calls...</p>}
      {notices.data?.length === 0 && <p className="text-muted">You have no capital calls.</p>}
      <div className="grid gap-4 lg:grid-cols-2">
        {notices.data?.map((n) => (
          <Notice key={n.callId} n={n} />
        ))}
      </div>
    </>
  );
}

function Notice({ n }: { n: InvestorCallNotice }) {
  const [busy, setBusy] = useState(false);
  const p = n.payment;
  async function download() {
    setBusy(true);
    try {
      await downloadPdf(`/api/investor/capital-calls/${n.callId}/notice`, `capital-call-${n.callDate}.pdf`);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card role="article" aria-label={`Capital call: ${n.dealTitle}, due ${formatDate(n.dueDate)}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle>{n.dealTitle}</CardTitle>
          <Badge tone={callStatusTone(n.status)}>{n.status}</Badge>
        </div>
        {n.feeCharge && (
          <p className="text-sm font-medium text-ink-900">Management fee: paying it does not reduce your unfunded commitment.</p>
        )}
        <p className="text-sm text-muted">{n.purpose}</p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Amount due</dt>
          <dd className="tabular text-end font-semibold text-ink-900">{formatUsdExact(n.amountDue)}</dd>
          <dt className="text-muted">Received</dt>
          <dd className="tabular text-end">{formatUsdExact(n.received)}</dd>
          <dt className="text-muted">Outstanding</dt>
          <dd className="tabular text-end">{formatUsdExact(n.outstanding)}</dd>
          <dt className="text-muted">Due date</dt>
          <dd className="tabular text-end">{formatDate(n.dueDate)}</dd>
        </dl>
        <h3 className="mt-4 text-sm font-semibold text-ink-900">Payment instructions</h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">SPV</dt>
          <dd>{p.spvName ?? '—'}</dd>
          <dt className="text-muted">Bank</dt>
          <dd>{p.bankName ?? 'Ask the desk for the bank details'}</dd>
          <dt className="text-muted">Account name</dt>
          <dd>{p.accountName ?? '—'}</dd>
          <dt className="text-muted">Account / IBAN</dt>
          <dd className="break-all">{p.accountNumber ?? '—'}</dd>
          <dt className="text-muted">SWIFT / BIC</dt>
          <dd>{p.swiftCode ?? '—'}</dd>
          <dt className="text-muted">Reference</dt>
          <dd>{p.paymentReference ?? '—'}</dd>
        </dl>
        <Button className="mt-4" variant="secondary" onClick={download} busy={busy}>
          <Download aria-hidden="true" />
          {busy ? 'Downloading...' : 'Download Notice (PDF)'}
        </Button>
      </CardContent>
    </Card>
  );
}
