import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { HIT_STATUSES, type HitStatus, SCREENING_SOURCES, type ScreeningHit, type ScreeningSource } from '../../../shared/screening';
import { PageHeader } from '../../components/layout/page-header';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { toast } from '../../lib/toast';
import { useUrlState } from '../../lib/url-state';
import { serverMessage, useHitAction, useHits, useImportList, useImports } from './api';
import { screeningText } from './i18n';

const TONE: Record<HitStatus, BadgeTone> = { open: 'warning', false_positive: 'neutral', escalated: 'danger', confirmed: 'danger' };

/** Sanctions Screening (/admin/screening): list imports and the review queue (issue 31 part B). */
export default function ScreeningPage() {
  const { t } = screeningText.useT();
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <div className="flex flex-col gap-8">
        <ImportCard />
        <HitQueue />
        <ImportList />
      </div>
    </>
  );
}

function ImportCard() {
  const { t } = screeningText.useT();
  const run = useImportList();
  const [source, setSource] = useState<ScreeningSource>('un');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { source: useId(), file: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const form = new FormData();
    form.set('source', source);
    const file = fileRef.current?.files?.[0];
    if (file) form.set('file', file);
    run.mutate(form, {
      onSuccess: (imp) => {
        toast.success(t('admin.imported', { count: imp.entryCount, added: imp.added, changed: imp.changed, removed: imp.removed }));
        if (fileRef.current) fileRef.current.value = '';
      },
      onError: (err) => {
        const message = serverMessage(err) ?? '';
        setErrors(err instanceof ApiError && err.fields ? err.fields : { file: message });
      },
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.importTitle')}</CardTitle>
        <CardDescription>{t('admin.importHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 items-end gap-4 md:grid-cols-3" aria-label={t('admin.importTitle')}>
          <Field label={t('admin.source')} htmlFor={ids.source} error={errors.source}>
            <NativeSelect
              {...fieldProps(ids.source, errors.source)}
              value={source}
              onChange={(e) => setSource(e.target.value as ScreeningSource)}
              options={SCREENING_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
            />
          </Field>
          <Field label={t('admin.file')} htmlFor={ids.file} error={errors.file}>
            <input
              {...fieldProps(ids.file, errors.file)}
              ref={fileRef}
              type="file"
              accept={source === 'un' ? '.xml' : '.csv'}
              className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-2"
            />
          </Field>
          <div>
            <Button type="submit" busy={run.isPending}>
              {t('admin.import')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ImportList() {
  const { t } = screeningText.useT();
  const imports = useImports();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-ink-900">
        {t('admin.importsTitle')}
      </h2>
      {imports.isPending ? (
        <Skeleton shape="block" className="h-24" label={t('admin.importsTitle')} />
      ) : imports.isError ? (
        <LoadError title={t('admin.importsTitle')} error={imports.error} busy={imports.isFetching} onRetry={() => void imports.refetch()} />
      ) : imports.data.length === 0 ? (
        <p className="text-sm text-muted">{t('admin.noImports')}</p>
      ) : (
        <Table aria-label={t('admin.importsTitle')}>
          <THead>
            <TR>
              <TH>{t('admin.source')}</TH>
              <TH>{t('admin.importedAt')}</TH>
              <TH>{t('admin.entries')}</TH>
              <TH>{t('admin.changes')}</TH>
              <TH>{t('admin.rescreen')}</TH>
              <TH>SHA-256</TH>
            </TR>
          </THead>
          <TBody>
            {imports.data.map((i) => (
              <TR key={i.id}>
                <TD>
                  {t(`source.${i.source}`)}
                  <div className="text-xs text-muted">{i.fileName}</div>
                </TD>
                <TD>{formatDateTime(i.importedAt)}</TD>
                <TD>{i.entryCount}</TD>
                <TD>{t('admin.changesValue', { added: i.added, changed: i.changed, removed: i.removed })}</TD>
                <TD>
                  {i.rescreen.status === 'done'
                    ? t('admin.rescreenDone', { hits: i.rescreen.hits })
                    : t('admin.rescreenRunning', { done: i.rescreen.done, total: i.rescreen.total })}
                </TD>
                <TD>
                  <code className="text-xs" title={i.sha256}>
                    {i.sha256.slice(0, 12)}…
                  </code>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}

function HitQueue() {
  const { t } = screeningText.useT();
  const [status, setStatus] = useUrlState('status', 'all', ['all', ...HIT_STATUSES]);
  const imports = useImports();
  // While a re-screen runs in the background, new hits arrive: look again until it is done.
  const running = imports.data?.some((i) => i.rescreen.status !== 'done') ?? false;
  const hits = useHits(status === 'all' ? undefined : (status as HitStatus), running);
  const { refetch } = hits;
  useEffect(() => {
    if (!running) void refetch();
  }, [running, refetch]);
  const headingId = useId();
  const filterId = useId();
  const [clearing, setClearing] = useState<ScreeningHit | null>(null);
  return (
    <section aria-labelledby={headingId} data-testid="screening-queue">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {t('admin.queueTitle')}
        </h2>
        <Field label={t('admin.filter')} htmlFor={filterId} className="w-48">
          <NativeSelect
            id={filterId}
            value={status}
            onChange={(e) => setStatus(e.target.value as HitStatus | 'all')}
            options={[{ value: 'all', label: t('admin.all') }, ...HIT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
        </Field>
      </div>
      {hits.isPending ? (
        <Skeleton shape="block" className="h-32" label={t('admin.queueTitle')} />
      ) : hits.isError ? (
        <LoadError title={t('admin.queueTitle')} error={hits.error} busy={hits.isFetching} onRetry={() => void hits.refetch()} />
      ) : hits.data.hits.length === 0 ? (
        <p className="text-sm text-muted">{t('admin.noHits')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('admin.queueTitle')}>
          {hits.data.hits.map((h) => (
            <HitCard key={h.id} hit={h} onClear={() => setClearing(h)} />
          ))}
        </ul>
      )}
      <ClearDialog hit={clearing} onClose={() => setClearing(null)} />
    </section>
  );
}

function HitCard({ hit, onClear }: { hit: ScreeningHit; onClear: () => void }) {
  const { t } = screeningText.useT();
  const { user } = useAuth();
  const act = useHitAction();
  const ownEscalation = hit.status === 'escalated' && hit.escalatedBy === user?.id;
  const run = (action: 'escalate' | 'confirm') =>
    act.mutate(
      { id: hit.id, action },
      {
        onSuccess: () => toast.success(t(action === 'escalate' ? 'admin.escalated' : 'admin.confirmed')),
        onError: (err) => toast.error(serverMessage(err) ?? ''),
      },
    );
  return (
    <li>
      <Card className="p-4" data-testid="screening-hit" aria-label={`${hit.subjectName} – ${hit.entryName}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <dl className="grid min-w-0 grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">{t('admin.investor')}</dt>
              <dd className="break-words font-medium text-ink-900">{hit.investorName}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('admin.subject')}</dt>
              <dd className="break-words">
                {hit.subjectName} <span className="text-muted">({t(`relation.${hit.relation}`)})</span>
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('admin.entry')}</dt>
              <dd className="break-words">
                {hit.entryName}{' '}
                <span className="text-muted">
                  ({t(`source.${hit.source}`)}, {hit.entryRef})
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('admin.score')}</dt>
              <dd>
                {hit.score} <span className="text-muted">({hit.reasons.join('; ')})</span>
              </dd>
            </div>
          </dl>
          <Badge tone={TONE[hit.status]}>{t(`status.${hit.status}`)}</Badge>
        </div>
        {hit.escalatedByName && <p className="mt-2 text-sm text-muted">{t('admin.escalatedBy', { name: hit.escalatedByName })}</p>}
        {hit.clearedReason && <p className="mt-2 text-sm text-muted">{t('admin.clearedReason', { reason: hit.clearedReason })}</p>}
        {(hit.status === 'open' || hit.status === 'escalated') && (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={onClear} disabled={act.isPending}>
              {t('admin.clear')}
            </Button>
            {hit.status === 'open' && (
              <Button variant="secondary" size="sm" onClick={() => run('escalate')} busy={act.isPending}>
                {t('admin.escalate')}
              </Button>
            )}
            {hit.status === 'escalated' &&
              (ownEscalation ? (
                <p className="self-center text-sm text-muted">{t('admin.ownEscalation')}</p>
              ) : (
                <Button variant="danger" size="sm" onClick={() => run('confirm')} busy={act.isPending}>
                  {t('admin.confirm')}
                </Button>
              ))}
          </div>
        )}
      </Card>
    </li>
  );
}

function ClearDialog({ hit, onClose }: { hit: ScreeningHit | null; onClose: () => void }) {
  const { t } = screeningText.useT();
  const act = useHitAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!hit) return;
    act.mutate(
      { id: hit.id, action: 'clear', reason },
      {
        onSuccess: () => {
          toast.success(t('admin.cleared'));
          close();
        },
        onError: (err) => setError((err instanceof ApiError && err.fields?.reason) || serverMessage(err)),
      },
    );
  };
  return (
    <Dialog open={hit !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('admin.clearTitle')}</DialogTitle>
            <DialogDescription>
              {hit?.subjectName} – {hit?.entryName}
            </DialogDescription>
          </DialogHeader>
          <Field label={t('admin.reason')} htmlFor={id} error={error} required>
            <Textarea {...fieldProps(id, error)} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={close}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" busy={act.isPending}>
              {t('admin.clearSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
