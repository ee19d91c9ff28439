import type { DataRequest, DataRequestOutcome } from '../../../shared/data-requests';
import { formatDate } from '../../../shared/format';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { recordsText } from './i18n';

const OUTCOME_TONES: Record<DataRequestOutcome, BadgeTone> = { fulfilled: 'success', partly_refused: 'warning', refused: 'danger' };

/** The request's kind and its status or outcome, as badges. */
export function RequestBadges({ request }: { request: DataRequest }) {
  const { t } = recordsText.useT();
  return (
    <>
      <span className="font-medium">{t(`kind.${request.kind}`)}</span>
      {request.outcome ? (
        <Badge tone={OUTCOME_TONES[request.outcome]}>{t(`outcome.${request.outcome}`)}</Badge>
      ) : (
        <Badge tone="info">{t('status.open')}</Badge>
      )}
    </>
  );
}

/** An answered erasure: what was erased, and what is kept with the rule that requires it and until when. */
export function ErasureOutcome({ request }: { request: DataRequest }) {
  const { t } = recordsText.useT();
  if (!request.erasure) return null;
  const { erased, kept } = request.erasure;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {erased.length > 0 && (
        <div>
          <p className="font-medium">{t('mine.erased')}</p>
          <ul className="list-disc ps-5">
            {erased.map((c) => (
              <li key={c}>{t(`category.${c}`)}</li>
            ))}
          </ul>
        </div>
      )}
      {kept.length > 0 && (
        <div>
          <p className="font-medium">{t('mine.kept')}</p>
          <ul className="list-disc ps-5" data-testid="kept-data">
            {kept.map((k) => (
              <li key={k.category}>
                {k.keptUntil
                  ? t('mine.keptUntil', { category: t(`category.${k.category}`), date: formatDate(k.keptUntil), rule: k.rule })
                  : t('mine.keptOpen', { category: t(`category.${k.category}`), rule: k.rule })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
