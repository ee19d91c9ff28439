import { useId } from 'react';
import { formatDate } from '../../../shared/format';
import type { Residence, TaxCertification } from '../../../shared/tax-certification';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useInvestorTax } from './api';
import { taxText } from './i18n';

/**
 * Admins: one investor's tax self-certification (issue 31 part 3, decision 049) on the KYC review:
 * the version in force with its residences and TINs, a waiting change of circumstances, and every
 * earlier version (never edited: each signature is a new version).
 */
export function AdminTaxPanel({ investorId }: { investorId: string }) {
  const { t } = taxText.useT();
  const headingId = useId();
  const tax = useInvestorTax(investorId);
  if (tax.isPending) return <Skeleton shape="block" className="h-20" label={t('admin.loading')} />;
  if (tax.isError)
    return <LoadError title={t('admin.panelTitle')} error={tax.error} busy={tax.isFetching} onRetry={() => void tax.refetch()} />;
  const s = tax.data;
  const current = s.current;
  const earlier = s.history.filter((h) => h.id !== current?.id);
  return (
    <section aria-labelledby={headingId} data-testid="admin-tax-panel">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-ink-900">
        {t('admin.panelTitle')}
      </h3>
      <div className="flex flex-col gap-2 rounded-md border border-border px-3 py-2.5 text-sm">
        <p data-testid="admin-tax-status">
          {current
            ? t('admin.current', { version: current.version, date: formatDate(current.signedAt), name: current.signedName })
            : t('admin.none')}
        </p>
        {current && (
          <div className="flex flex-wrap items-center gap-3" data-testid="admin-tax-signature">
            <span className="text-muted">{t(current.signatureMethod === 'drawn' ? 'signatureDrawn' : 'signatureTyped')}</span>
            {current.signatureDrawing && (
              <img src={current.signatureDrawing} alt={t('signatureDrawn')} className="h-12 w-auto rounded border border-border bg-white" />
            )}
          </div>
        )}
        {s.pendingChange && (
          <p className={s.pendingChange.overdue ? 'font-medium text-danger-700' : 'text-muted'}>
            {t(s.pendingChange.overdue ? 'admin.renewOverdue' : 'admin.renewDue', {
              changed: formatDate(s.pendingChange.changedOn),
              due: formatDate(s.pendingChange.dueDate),
            })}
          </p>
        )}
        {current && <Answers cert={current} />}
        {earlier.length > 0 && (
          <details>
            <summary className="cursor-pointer text-muted">{t('admin.versions')}</summary>
            <ol className="mt-1 flex flex-col gap-2 border-s-2 border-border ps-4">
              {earlier.map((h) => (
                <li key={h.id}>
                  <p className="font-medium">{t('admin.versionN', { version: h.version })}</p>
                  <p className="text-muted">
                    <bdi>{h.signedName}</bdi> ·{' '}
                    {t('admin.signedWith', { date: formatDate(h.signedAt), method: t(`admin.reauth.${h.reauth}`) })}
                  </p>
                  <Answers cert={h} />
                </li>
              ))}
            </ol>
          </details>
        )}
      </div>
    </section>
  );
}

function Answers({ cert }: { cert: TaxCertification }) {
  const { t } = taxText.useT();
  const a = cert.answers;
  return (
    <div className="text-text">
      <p className="text-muted">{t('admin.residences')}</p>
      <ResidenceList residences={a.residences} />
      {a.kind === 'individual' ? (
        <p>{t(a.usPerson ? 'admin.usPersonYes' : 'admin.usPersonNo')}</p>
      ) : (
        <>
          <p>{t('admin.classes', { fatca: t(`fatca.${a.fatcaClass}`), crs: t(`crs.${a.crsType}`) })}</p>
          {a.controllingPersons.map((p) => (
            <div key={p.personId} className="mt-1">
              <p className="font-medium">
                <bdi>{p.name}</bdi>
              </p>
              <ResidenceList residences={p.residences} />
            </div>
          ))}
        </>
      )}
    </div>
  );
}

function ResidenceList({ residences }: { residences: Residence[] }) {
  const { t } = taxText.useT();
  return (
    <ul className="ps-2">
      {residences.map((r) => (
        <li key={r.country} className="tabular">
          {r.country} · {r.tin ? <bdi>{r.tin}</bdi> : t('admin.noTin', { reason: r.noTinReason ?? '' })}
        </li>
      ))}
    </ul>
  );
}
