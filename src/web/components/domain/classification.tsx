import { ArrowRight, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { CLASSIFICATION_PATH, type ClassificationState, type EligibilityReason } from '../../../shared/dfsa-classification';
import en from '../../../shared/i18n/en/classification.json';
import { catalog, translateMessage } from '../../lib/i18n';
import type { BadgeTone } from '../ui/badge';
import { buttonClass } from '../ui/button';

/** The client classification texts (issue 31, decision 037), shared by the investor's screens and the admins' queue. */
export const classificationText = catalog('classification', en);

export const STATE_TONE: Record<ClassificationState, BadgeTone> = {
  none: 'neutral',
  pending: 'info',
  professional: 'success',
  market_counterparty: 'success',
  retail: 'danger',
};

/** Why the investor may not subscribe (the eligibility hook's first reason), with the way to the DFSA Compliance page. */
/** The notice's heading by what blocks: classification, tax self-certification, or anything else (a screening freeze, a PEP approval, an overdue KYC refresh). */
const blockedTitle = (reason: EligibilityReason | string) => {
  const code = typeof reason === 'string' ? 'CLASSIFICATION' : reason.code;
  return code.startsWith('CLASSIFICATION') ? 'blocked.title' : code.startsWith('TAX') ? 'blocked.titleTax' : 'blocked.titleHold';
};

export function ClassificationBlockedNotice({ reason }: { reason: EligibilityReason | string }) {
  const { t } = classificationText.useT();
  const message = typeof reason === 'string' ? reason : translateMessage(reason.message);
  return (
    <div role="alert" data-testid="classification-needed" className="flex gap-3 rounded-md border border-gold-400/60 bg-gold-100/60 p-4">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-700" />
      <div className="flex min-w-0 flex-col gap-2">
        <p className="font-semibold text-ink-900">{t(blockedTitle(reason))}</p>
        <p className="text-sm text-text">{message}</p>
        <Link to={CLASSIFICATION_PATH} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
          {t('blocked.link')}
          <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
        </Link>
      </div>
    </div>
  );
}
