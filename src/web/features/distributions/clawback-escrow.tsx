import { Trans } from 'react-i18next';
import type { ClawbackStatus, DealWaterfallSummary, WaterfallPreview } from '../../../shared/deal-terms';
import { formatDate, formatUSDCents } from '../../../shared/format';
import { toCents } from '../../../shared/money';
import { conventionsText, describeConventions } from '../../lib/waterfall-conventions';

const some = (...amounts: string[]) => amounts.some((a) => toCents(a) > 0n);

function Line({ k, amount, testId }: { k: Parameters<typeof conventionsText.t>[0]; amount: string; testId?: string }) {
  const { t } = conventionsText.useT();
  return (
    <li data-testid={testId}>
      <Trans
        t={t}
        i18nKey={k as never}
        values={{ amount: formatUSDCents(amount) }}
        components={{ amount: <span className="tabular font-medium" /> }}
      />
    </li>
  );
}

/** What the GP owes, per carry recipient. */
function OwedByRecipient({ c }: { c: ClawbackStatus }) {
  const { t } = conventionsText.useT();
  if (c.byRecipient.length === 0) return null;
  return (
    <ul aria-label={t('status.perRecipient')} className="ms-4 list-disc" data-testid="clawback-recipients">
      {c.byRecipient.map((r) => (
        <li key={r.name}>
          <Trans
            t={t}
            i18nKey="status.recipient"
            values={{ name: r.name, amount: formatUSDCents(r.amount) }}
            components={{ amount: <span className="tabular" /> }}
          />
        </li>
      ))}
    </ul>
  );
}

/** The Waterfall by Deal's clawback and escrow for one deal (decision record 039); nothing when there is neither. */
export function ClawbackEscrowStatus({ d }: { d: DealWaterfallSummary }) {
  const { t } = conventionsText.useT();
  const c = d.clawback;
  const e = d.escrow;
  const conventions = d.conventions ? describeConventions(d.conventions, formatDate) : null;
  return (
    <div className="mt-1 flex flex-col gap-1 text-sm" data-testid="clawback-escrow">
      {conventions && <span className="block text-xs text-muted">{conventions}</span>}
      {some(c.owed, e.balance, e.released) && (
        <ul>
          {toCents(c.owed) > 0n && <Line k="status.clawbackOwed" amount={c.owed} testId="clawback-owed" />}
          {toCents(e.balance) > 0n && <Line k="status.escrowHeld" amount={e.balance} testId="escrow-held" />}
          {toCents(e.released) > 0n && <Line k="status.escrowReleased" amount={e.released} testId="escrow-released" />}
        </ul>
      )}
      {toCents(c.owed) > 0n && <OwedByRecipient c={c} />}
      {toCents(e.balance) > 0n && (
        <span className="text-xs text-muted">
          {e.releaseDate ? t('status.releaseOn', { date: formatDate(e.releaseDate) }) : t('status.releaseFinal')}
        </span>
      )}
    </div>
  );
}

/** The distribution preview's clawback and escrow: what arose, what is withheld, what stays owed, per recipient. */
export function ClawbackEscrowPreview({ p }: { p: WaterfallPreview }) {
  const { t } = conventionsText.useT();
  const c = p.clawback;
  if (!some(c.arose, c.netted, c.owed, c.taxRelief, c.fromEscrow, p.escrow.held, p.escrow.released)) return null;
  return (
    <section aria-label={t('status.title')} className="rounded-md border border-border p-3 text-sm" data-testid="preview-clawback">
      <h3 className="mb-1 font-semibold text-ink-900">{t('status.title')}</h3>
      <ul>
        {toCents(c.arose) > 0n && <Line k="status.clawbackArose" amount={c.arose} />}
        {toCents(c.taxRelief) > 0n && <Line k="status.taxRelief" amount={c.taxRelief} />}
        {toCents(c.fromEscrow) > 0n && <Line k="status.fromEscrow" amount={c.fromEscrow} />}
        {toCents(c.netted) > 0n && <Line k="status.clawbackNetted" amount={c.netted} testId="preview-netted" />}
        {toCents(c.owed) > 0n && <Line k="status.clawbackOwed" amount={c.owed} testId="preview-owed" />}
        {toCents(p.escrow.held) > 0n && <Line k="status.escrowHeldNow" amount={p.escrow.held} />}
        {toCents(p.escrow.released) > 0n && <Line k="status.escrowReleased" amount={p.escrow.released} />}
      </ul>
      {toCents(c.owed) > 0n && <OwedByRecipient c={c} />}
    </section>
  );
}

/** Record Distribution's "Final distribution of this deal" (releases the carry held in escrow). */
export function FinalDistributionCheckbox({ form }: { form: { register: (name: 'final') => object } }) {
  const { t } = conventionsText.useT();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id="dist-final"
        type="checkbox"
        value="yes"
        className="mt-0.5 size-4"
        aria-describedby="dist-final-hint"
        {...form.register('final')}
      />
      <div>
        <label htmlFor="dist-final" className="font-medium text-ink-900">
          {t('record.final')}
        </label>
        <p id="dist-final-hint" className="text-muted">
          {t('record.finalHint')}
        </p>
      </div>
    </div>
  );
}
