import { CircleAlert, CircleCheck, Download, Printer, Send, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import type { ChainBreak, ChainHead } from '../../../shared/audit';
import { chainHeadEmailInput } from '../../../shared/audit';
import { formatDateTimeZoned, formatNumber } from '../../../shared/format';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { downloadText } from '../../lib/clipboard';
import { companyName } from '../../lib/company';
import { EvidencePacksCard } from '../evidence/evidence-packs-card';
import { RetentionCard } from '../retention/retention-card';
import { useChainHead, useEmailChainHead, useVerifyChain } from './api';
import { auditTrailText } from './i18n';
import { LegalHoldsCard } from './legal-holds-card';

/** The audit trail (decision 042): verify the hash chain now, and keep its latest hash outside the firm. */
export default function AuditTrailPage() {
  const { t } = auditTrailText.useT();
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <VerifyCard />
        <HeadCard />
        <EmailCard />
        <LegalHoldsCard />
        <RetentionCard />
        <EvidencePacksCard />
      </div>
    </div>
  );
}

/** What broke and where, in words (the row id as stored: it is what an investigator searches for). */
function BreakText({ b }: { b: ChainBreak }) {
  const { t } = auditTrailText.useT();
  const values = { seq: b.seq === null ? '' : formatNumber(b.seq), rowId: b.rowId === null ? '' : String(b.rowId) };
  return <p>{t(`break.${b.kind}`, values)}</p>;
}

function VerifyCard() {
  const { t } = auditTrailText.useT();
  const verify = useVerifyChain();
  const r = verify.data;
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>{t('verify.title')}</CardTitle>
        <CardDescription>{t('verify.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        <Button type="button" busy={verify.isPending} onClick={() => verify.mutate()}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {verify.isPending ? t('verify.running') : t('verify.action')}
        </Button>
        <div aria-live="polite" className="w-full">
          {r?.ok && (
            <p className="flex items-start gap-2 rounded-md bg-success-100 px-3 py-2 text-sm text-success-700" data-testid="verify-result">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('verify.intact', { count: r.checked, formatted: formatNumber(r.checked) })}
            </p>
          )}
          {r && !r.ok && r.firstBreak && (
            <div className="flex items-start gap-2 rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700" data-testid="verify-result">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div>
                <p className="font-medium">{t('verify.broken', { count: r.checked, formatted: formatNumber(r.checked) })}</p>
                <BreakText b={r.firstBreak} />
              </div>
            </div>
          )}
          {verify.isError && (
            <p role="alert" className="text-sm text-danger-700">
              {t('verify.failed')}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The export file: plain text a person can read and a script can parse. */
function headFile(head: ChainHead, company: string): string {
  const t = auditTrailText.t;
  return [
    t('head.fileTitle'),
    `${t('head.fileCompany')}: ${company}`,
    `${t('head.position')}: ${head.seq}`,
    `${t('head.hash')}: ${head.hash}`,
    `${t('head.written')}: ${head.updatedAt ?? '-'}`,
    `${t('head.fileExported')}: ${new Date().toISOString()}`,
    '',
    t('head.check', { seq: head.seq, hash: head.hash }),
    '',
  ].join('\n');
}

function HeadCard() {
  const { t } = auditTrailText.useT();
  const head = useChainHead();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('head.title')}</CardTitle>
        <CardDescription>{t('head.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {head.isPending ? (
          <Spinner />
        ) : head.isError ? (
          <LoadError title={t('head.title')} error={head.error} onRetry={() => void head.refetch()} />
        ) : head.data.seq === 0 ? (
          <p className="text-sm text-muted">{t('head.empty')}</p>
        ) : (
          <>
            <dl className="grid gap-2 text-sm" data-testid="chain-head">
              <div>
                <dt className="text-muted">{t('head.position')}</dt>
                <dd className="font-medium">{formatNumber(head.data.seq)}</dd>
              </div>
              <div>
                <dt className="text-muted">{t('head.hash')}</dt>
                <dd className="break-all font-mono text-xs" dir="ltr" data-testid="chain-hash">
                  {head.data.hash}
                </dd>
              </div>
              <div>
                <dt className="text-muted">{t('head.written')}</dt>
                <dd>{head.data.updatedAt ? formatDateTimeZoned(head.data.updatedAt) : '-'}</dd>
              </div>
            </dl>
            <p className="break-all font-mono text-xs text-muted" dir="ltr">
              {t('head.check', { seq: head.data.seq, hash: head.data.hash })}
            </p>
            <div className="flex flex-wrap gap-2 print:hidden">
              <Button
                type="button"
                variant="secondary"
                onClick={() => downloadText(`audit-trail-hash-${head.data.seq}.txt`, headFile(head.data, companyName()))}
              >
                <Download aria-hidden="true" className="size-4" />
                {t('head.download')}
              </Button>
              <Button type="button" variant="secondary" onClick={() => window.print()}>
                <Printer aria-hidden="true" className="size-4" />
                {t('head.print')}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function EmailCard() {
  const { t } = auditTrailText.useT();
  const form = useZodForm(chainHeadEmailInput, { defaultValues: { to: '' } });
  const send = useEmailChainHead();
  const resultId = useId();
  const submit = form.handleSubmit(async ({ to }) => {
    send.reset();
    try {
      await send.mutateAsync(to);
    } catch (err) {
      form.applyServerError(err, { fallback: auditTrailText.t('email.failed') });
    }
  });
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>{t('email.title')}</CardTitle>
        <CardDescription>{t('email.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t('email.to')} htmlFor="audit-email-to" error={form.errorOf('to')} className="flex-1">
              <Input {...form.field('to', 'audit-email-to')} type="email" autoComplete="off" />
            </Field>
            <Button type="submit" variant="secondary" busy={form.busy}>
              <Send aria-hidden="true" className="size-4" />
              {form.busy ? t('email.sending') : t('email.send')}
            </Button>
          </div>
          <FormError>{form.formError}</FormError>
          <p aria-live="polite" id={resultId} className="text-sm text-success-700">
            {send.isSuccess ? t('email.sent', { to: send.variables }) : ''}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
