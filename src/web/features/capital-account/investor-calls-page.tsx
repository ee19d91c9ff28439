import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatUSDCents } from '../../../shared/format';
import { callStatusTone, type InvestorCallNotice } from '../../../shared/ledger';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { enumLabel, translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { feedsText, IlpaDownload, IlpaNoticesPanel, ilpaUrls } from '../feeds/index';
import { downloadPdf, useMyCapitalCalls } from './api';
import { capitalAccountText } from './i18n';

/** Capital Calls (/investor/capital-calls): the investor's call notices with payment instructions. */
export default function InvestorCallsPage() {
  const { t } = capitalAccountText.useT();
  const notices = useMyCapitalCalls();
  return (
    <>
      <PageHeader title={t('calls.title')} description={t('calls.description')} />
      {notices.isError && (
        <LoadError title={t('calls.loadFailed')} error={notices.error} onRetry={() => notices.refetch()} busy={notices.isFetching} />
      )}
      {notices.isLoading && <p className="text-muted">{t('calls.loading')}</p>}
      {notices.data?.length === 0 && <p className="text-muted">{t('calls.empty')}</p>}
      {notices.data && notices.data.length > 0 && <IlpaNoticesPanel />}
      <div className="grid gap-4 lg:grid-cols-2">
        {notices.data?.map((n) => (
          <Notice key={n.callId} n={n} />
        ))}
      </div>
    </>
  );
}

function Notice({ n }: { n: InvestorCallNotice }) {
  const { t } = capitalAccountText.useT();
  const [busy, setBusy] = useState(false);
  const p = n.payment;
  async function download() {
    setBusy(true);
    try {
      await downloadPdf(`/api/investor/capital-calls/${n.callId}/notice`, `capital-call-${n.callDate}.pdf`);
    } catch (err) {
      toast.error(translateMessage((err as Error).message));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card role="article" aria-label={t('calls.notice', { deal: n.dealTitle, date: formatDate(n.dueDate) })}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle>
            <bdi>{n.dealTitle}</bdi>
          </CardTitle>
          <Badge tone={callStatusTone(n.status)}>{enumLabel('callLineStatus', n.status)}</Badge>
        </div>
        {n.feeCharge && <p className="text-sm font-medium text-ink-900">{t('calls.feeCharge')}</p>}
        <p className="text-sm text-muted">
          <bdi>{n.purpose}</bdi>
        </p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">{t('calls.amountDue')}</dt>
          <dd className="tabular text-end font-semibold text-ink-900">{formatUSDCents(n.amountDue)}</dd>
          <dt className="text-muted">{t('calls.received')}</dt>
          <dd className="tabular text-end">{formatUSDCents(n.received)}</dd>
          <dt className="text-muted">{t('calls.outstanding')}</dt>
          <dd className="tabular text-end">{formatUSDCents(n.outstanding)}</dd>
          <dt className="text-muted">{t('calls.dueDate')}</dt>
          <dd className="tabular text-end">{formatDate(n.dueDate)}</dd>
        </dl>
        {n.status === 'Cancelled' ? (
          // A cancelled line (its call entry reversed, decision record 024) is owed nothing: no bank
          // details that could be paid by mistake (issue 27 item 3 audit).
          <p className="mt-4 rounded-lg border border-border bg-neutral-100 px-3 py-2 text-sm text-neutral-700">
            {t('calls.cancelledNote')}
          </p>
        ) : (
          <>
            <h3 className="mt-4 text-sm font-semibold text-ink-900">{t('calls.paymentInstructions')}</h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('calls.spv')}</dt>
              <dd>
                <bdi>{p.spvName ?? '—'}</bdi>
              </dd>
              <dt className="text-muted">{t('calls.bank')}</dt>
              <dd>{p.bankName ? <bdi>{p.bankName}</bdi> : t('calls.askDesk')}</dd>
              <dt className="text-muted">{t('calls.accountName')}</dt>
              <dd>
                <bdi>{p.accountName ?? '—'}</bdi>
              </dd>
              <dt className="text-muted">{t('calls.accountNumber')}</dt>
              <dd className="break-all" dir="ltr">
                {p.accountNumber ?? '—'}
              </dd>
              <dt className="text-muted">{t('calls.swift')}</dt>
              <dd>
                <bdi>{p.swiftCode ?? '—'}</bdi>
              </dd>
              <dt className="text-muted">{t('calls.reference')}</dt>
              <dd>
                <bdi>{p.paymentReference ?? '—'}</bdi>
              </dd>
            </dl>
          </>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={download} busy={busy}>
            <Download aria-hidden="true" />
            {busy ? t('calls.downloading') : t('calls.download')}
          </Button>
          <IlpaDownload
            url={ilpaUrls.investorNotice(n.callId)}
            filename={`ilpa-capital-call-${n.callDate}.csv`}
            label={feedsText.t('ilpa.notice')}
            ariaLabel={feedsText.t('ilpa.noticeLabel', { deal: n.dealTitle, date: formatDate(n.callDate) })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
