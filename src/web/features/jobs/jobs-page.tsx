import { RefreshCw, RotateCcw } from 'lucide-react';
import { formatDate, formatDateTimeZoned, formatNumber, formatTime } from '../../../shared/format';
import { isolate } from '../../../shared/i18n/languages';
import { JOB_ERRORS, type JobMessage, type JobView, type KnownJobErrorKey } from '../../../shared/jobs';
import { PageHeader } from '../../components/layout/page-header';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataList } from '../../components/ui/data-list';
import { LoadError } from '../../components/ui/load-error';
import { Progress } from '../../components/ui/progress';
import { TD, TH, TR } from '../../components/ui/table';
import { toast } from '../../lib/toast';
import { serverMessage, useJobs, useRetryJob } from './api';
import { jobsText } from './i18n';

const COLUMNS = ['job', 'status', 'startedBy', 'progress', 'outcome', 'when'] as const;

const kindLabel = (job: JobView) => jobsText.t(`kind.${job.kind}`);

/** A periodic job waiting for its next run reads 'Scheduled', not 'Queued'. */
function statusOf(job: JobView): { label: string; tone: BadgeTone } {
  if (job.status === 'failed') return { label: jobsText.t('status.failed'), tone: 'danger' };
  if (job.status === 'done') return { label: jobsText.t('status.done'), tone: 'success' };
  if (job.status === 'running') return { label: jobsText.t('status.running'), tone: 'info' };
  return job.periodic
    ? { label: jobsText.t('status.scheduled'), tone: 'neutral' }
    : { label: jobsText.t('status.queued'), tone: 'warning' };
}

function when(iso: string): string {
  return `${formatDate(iso)} ${formatTime(iso, { seconds: true })}`;
}

function Moment({ job }: { job: JobView }) {
  const { t } = jobsText.useT();
  const [key, iso] =
    job.status === 'done' || job.status === 'failed'
      ? (['finished', job.finishedAt ?? job.createdAt] as const)
      : job.status === 'running'
        ? (['started', job.startedAt ?? job.createdAt] as const)
        : job.periodic
          ? (['nextRun', job.runAt] as const)
          : (['created', job.createdAt] as const);
  return (
    <time dateTime={iso} title={formatDateTimeZoned(iso)} className="tabular text-sm">
      {t(key, { time: when(iso) })}
    </time>
  );
}

function JobProgressCell({ job }: { job: JobView }) {
  const { t } = jobsText.useT();
  const { total, done, failed } = job.progress;
  if (total === null || total === 0) return <span className="text-muted">{job.periodic ? t('every') : '—'}</span>;
  return (
    <div className="flex min-w-36 flex-col gap-1">
      <Progress value={(done / total) * 100} label={t('progressLabel', { job: kindLabel(job) })} />
      <span className="tabular text-xs text-muted">
        {t('progressOf', { done: formatNumber(done), total: formatNumber(total) })}
        {failed > 0 && <> · {t('progressFailed', { failed: formatNumber(failed) })}</>}
      </span>
    </div>
  );
}

/**
 * A job message (`outcome.<key>` or `error.<key>`) with its numbers in the reader's digits. Each key
 * comes with its own counts from the server; the catalogue test checks every key in both languages.
 */
function messageText(group: 'outcome' | 'error', message: JobMessage<string>): string {
  const values = Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, formatNumber(value)]));
  return (jobsText.t as unknown as (key: string, values: Record<string, string>) => string)(`${group}.${message.key}`, values);
}

/** Text the server wrote in English and the catalogue cannot know (an exception's text, an older row's result). */
function ServerText({ text }: { text: string }) {
  return (
    <bdi lang="en" dir="ltr">
      {text}
    </bdi>
  );
}

/**
 * The failure in the reader's language (decision 059): a known one's sentence, else the generic
 * line naming the job's id, the reference in the server log; the exception's own text, as the
 * server wrote it (English), stays below for the admin, folded (also under a known failure that
 * carries one, such as a statement run in which every statement failed).
 */
function Failure({ job, error }: { job: JobView; error: string }) {
  const { t } = jobsText.useT();
  const message = job.errorMessage;
  const known = message && message.key !== 'unexpected' ? message : null;
  if (known && !JOB_ERRORS[known.key as KnownJobErrorKey]?.detail)
    return (
      <span className="text-danger-700" data-testid="job-error">
        {messageText('error', known)}
      </span>
    );
  return (
    <>
      <span className="text-danger-700" data-testid="job-error">
        {known ? messageText('error', known) : t('error.unexpected', { reference: isolate(job.id) })}
      </span>
      <details className="text-xs text-muted" data-testid="job-error-detail">
        <summary className="w-fit cursor-pointer">{t('technical')}</summary>
        <ServerText text={error} />
      </details>
    </>
  );
}

/** The outcome and the failure, in the reader's language (decision 059); the server's own text only where no message exists. */
function Outcome({ job }: { job: JobView }) {
  const { t } = jobsText.useT();
  return (
    <div className="flex max-w-sm flex-col gap-1 [overflow-wrap:anywhere]">
      {job.resultMessage ? (
        <span data-testid="job-result">{messageText('outcome', job.resultMessage)}</span>
      ) : (
        job.result && (
          <span data-testid="job-result">
            <ServerText text={job.result} />
          </span>
        )
      )}
      {job.error && <Failure job={job} error={job.error} />}
      {!job.result && !job.error && <span className="text-muted">{t('noResult')}</span>}
      {!job.periodic && job.attempts > 1 && (
        <span className="text-xs text-muted">
          {t('attempts', { attempts: formatNumber(job.attempts), max: formatNumber(job.maxAttempts) })}
        </span>
      )}
    </div>
  );
}

function RetryButton({ job }: { job: JobView }) {
  const { t } = jobsText.useT();
  const retry = useRetryJob();
  if (job.status !== 'failed') return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={t('retryLabel', { job: kindLabel(job) })}
      busy={retry.isPending && retry.variables === job.id}
      onClick={() =>
        retry.mutate(job.id, {
          onSuccess: () => toast.success(t('retried')),
          onError: (err) => toast.error(serverMessage(err) ?? t('retryFailed')),
        })
      }
    >
      <RotateCcw aria-hidden="true" />
      {t('retry')}
    </Button>
  );
}

function StartedBy({ job }: { job: JobView }) {
  const { t } = jobsText.useT();
  return job.startedBy ? (
    <bdi className="font-medium text-ink-900">{job.startedBy.name}</bdi>
  ) : (
    <span className="text-muted">{t('system')}</span>
  );
}

function JobRow({ job }: { job: JobView }) {
  const status = statusOf(job);
  return (
    <TR data-testid="job-row">
      <TD className="whitespace-nowrap font-medium text-ink-900">{kindLabel(job)}</TD>
      <TD>
        <Badge tone={status.tone}>{status.label}</Badge>
      </TD>
      <TD>
        <StartedBy job={job} />
      </TD>
      <TD>
        <JobProgressCell job={job} />
      </TD>
      <TD>
        <div className="flex flex-col items-start gap-2">
          <Outcome job={job} />
          <RetryButton job={job} />
        </div>
      </TD>
      <TD className="whitespace-nowrap">
        <Moment job={job} />
      </TD>
    </TR>
  );
}

/** One job on a phone: what and its status, then who, progress, result and when. */
function JobCard({ job }: { job: JobView }) {
  const { t } = jobsText.useT();
  const status = statusOf(job);
  return (
    <li className="rounded-lg border border-border bg-surface p-4 text-sm shadow-sm" data-testid="job-card">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-ink-900">{kindLabel(job)}</p>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        <div>
          <dt className="text-muted">{t('column.startedBy')}</dt>
          <dd>
            <StartedBy job={job} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('column.when')}</dt>
          <dd>
            <Moment job={job} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t('column.progress')}</dt>
          <dd>
            <JobProgressCell job={job} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t('column.outcome')}</dt>
          <dd>
            <Outcome job={job} />
          </dd>
        </div>
      </dl>
      {job.status === 'failed' && (
        <div className="mt-3">
          <RetryButton job={job} />
        </div>
      )}
    </li>
  );
}

export default function JobsPage() {
  const jobs = useJobs();
  const { t } = jobsText.useT();
  const list = jobs.data?.jobs ?? [];
  const running = list.filter((j) => j.status === 'running').length;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="secondary" onClick={() => void jobs.refetch()} busy={jobs.isFetching && !jobs.isPending}>
            <RefreshCw aria-hidden="true" />
            {t('refresh')}
          </Button>
        }
      />
      <div role="status" className="sr-only">
        {jobs.isPending ? t('loading') : jobs.data ? t('running', { count: running, n: formatNumber(running) }) : ''}
      </div>
      {jobs.isError && !jobs.data ? (
        <LoadError title={t('loadFailed')} error={jobs.error} onRetry={() => void jobs.refetch()} busy={jobs.isFetching} />
      ) : (
        <DataList
          label={t('table')}
          items={list}
          loading={jobs.isPending}
          getKey={(job) => job.id}
          skeletonWidths={COLUMNS.map(() => '6rem')}
          skeletonRows={4}
          cardSkeletonClass="h-40"
          empty={t('empty')}
          head={
            <tr>
              {COLUMNS.map((c) => (
                <TH key={c}>{t(`column.${c}`)}</TH>
              ))}
            </tr>
          }
          row={(job) => <JobRow job={job} />}
          card={(job) => <JobCard job={job} />}
        />
      )}
    </>
  );
}
