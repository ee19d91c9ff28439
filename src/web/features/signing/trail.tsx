import { useId } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { SigningEvent } from '../../../shared/signing';
import { signingAdminText } from './admin-i18n';

/**
 * An envelope's trail (issue 30): every event of `signing_events` in order, with its time and
 * who did it. The firm sees the IP addresses too; the investor sees the events and names.
 */
export function SigningTrail({ events, showIp = false, level = 3 }: { events: SigningEvent[]; showIp?: boolean; level?: 2 | 3 }) {
  const { t } = signingAdminText.useT();
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} data-testid="signing-trail">
      <Heading id={headingId} className="mb-2 font-semibold text-ink-900">
        {t('trail.title')}
      </Heading>
      {events.length === 0 ? (
        <p className="text-sm text-muted">{t('trail.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2 border-s-2 border-border ps-4 text-sm">
          {events.map((e) => (
            <li key={e.seq}>
              <span className="font-medium text-ink-900">{t(`trail.kind.${e.kind}`)}</span>
              <span className="block text-muted">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                {' · '}
                {t('trail.by', { actor: e.actorName ?? t('trail.system') })}
                {showIp && e.ip ? ` · ${t('trail.ip', { ip: e.ip })}` : ''}
              </span>
              {typeof e.details.reason === 'string' && (
                <span className="block text-muted">
                  <bdi>{e.details.reason}</bdi>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
