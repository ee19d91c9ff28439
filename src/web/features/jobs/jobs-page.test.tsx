import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/jobs';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import JobsPage from './jobs-page';

const base = {
  result: null,
  resultMessage: null,
  error: null,
  errorMessage: null,
  attempts: 1,
  maxAttempts: 3,
  createdAt: '2026-11-26T08:00:00.000Z',
  startedAt: '2026-11-26T08:00:01.000Z',
  finishedAt: null,
  runAt: '2026-11-26T08:00:00.000Z',
} as const;

const RUNNING: JobView = {
  ...base,
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'statement-run',
  status: 'running',
  periodic: false,
  startedBy: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Fatima Founder' },
  progress: { total: 40, done: 10, failed: 1 },
};
const FAILED: JobView = {
  ...base,
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'statement-run',
  status: 'failed',
  periodic: false,
  startedBy: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Fatima Founder' },
  progress: { total: 2, done: 0, failed: 2 },
  error: 'Disk full',
  errorMessage: { key: 'unexpected', values: {} },
  attempts: 3,
  finishedAt: '2026-11-26T08:05:00.000Z',
};
const SWEEP: JobView = {
  ...base,
  id: '00000000-0000-4000-8000-000000000003',
  kind: 'storage-sweep',
  status: 'queued',
  periodic: true,
  startedBy: null,
  progress: { total: null, done: 0, failed: 0 },
  result: '0 unfinished upload(s) and 0 orphaned file(s) removed, 0 missing, 3 finished job(s) removed',
  resultMessage: { key: 'storageSwept', values: { temp: 0, orphans: 0, missing: 0, jobs: 3 } },
  runAt: '2026-11-26T09:00:00.000Z',
};

describe('Background Jobs', () => {
  it('lists running, failed and scheduled jobs with who started them, progress and errors; retry of a failed one', async () => {
    const { user, api } = await renderScreen(<JobsPage />, {
      at: '/admin/jobs',
      api: {
        'GET /api/jobs': { jobs: [RUNNING, FAILED, SWEEP] },
        'POST /api/jobs/:id/retry': { job: { ...FAILED, status: 'queued', attempts: 0, error: null } },
      },
    });
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Statement run');
    expect(rows[0]?.textContent).toContain('Running');
    expect(rows[0]?.textContent).toContain('Fatima Founder');
    expect(rows[0]?.textContent).toContain('10 of 40');
    expect(rows[0]?.textContent).toContain('1 failed');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('progressbar', { name: 'Progress of Statement run' })
        .getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(rows[1]?.textContent).toContain('Failed');
    // An exception the product does not know: the generic line with the job's id (the reference in
    // the server log), its own text folded below.
    const failure = within(rows[1] as HTMLElement).getByTestId('job-error');
    expect(failure.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(`The job failed: see the server log, reference ${FAILED.id}`);
    expect(failure.textContent).not.toContain('Disk full');
    expect(within(rows[1] as HTMLElement).getByTestId('job-error-detail').textContent).toBe(
      'Technical detail, as the server wrote itDisk full',
    );
    expect(rows[1]?.textContent).toContain('Attempt 3 of 3');
    expect(rows[2]?.textContent).toContain('Storage check');
    expect(rows[2]?.textContent).toContain('Scheduled');
    expect(rows[2]?.textContent).toContain('System');
    expect(rows[2]?.textContent).toContain('Repeats automatically');
    // Only the failed job offers a retry.
    expect(within(table).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    await expectNoA11yViolations('background jobs');

    await user.click(within(table).getByRole('button', { name: 'Retry Statement run' }));
    expect(await screen.findByText('Job queued again')).toBeTruthy();
    expect(api.callsTo('POST /api/jobs/:id/retry').map((c) => c.params.id)).toEqual([FAILED.id]);
  });

  it("in Arabic, results and the runner's own failures are the catalogue's; an exception's text is marked English", async () => {
    const ar = (await import('../../../shared/i18n/ar/jobs.json')).default;
    const GAVE_UP: JobView = {
      ...FAILED,
      id: '00000000-0000-4000-8000-000000000004',
      error: 'Gave up after 3 attempts',
      errorMessage: { key: 'gaveUp', values: { attempts: 3 } },
    };
    const DONE: JobView = {
      ...FAILED,
      id: '00000000-0000-4000-8000-000000000005',
      status: 'done',
      error: null,
      result: '12 of 12 statements generated',
      resultMessage: { key: 'statementsGenerated', values: { done: 12, total: 12, failed: 0 } },
    };
    const ALL_FAILED: JobView = {
      ...FAILED,
      id: '00000000-0000-4000-8000-000000000006',
      error: 'All 6 statements failed; the last error: No space left on device',
      errorMessage: { key: 'statementsAllFailed', values: { failed: 6 } },
    };
    await renderScreen(<JobsPage />, {
      at: '/admin/jobs',
      language: 'ar',
      api: { 'GET /api/jobs': { jobs: [DONE, GAVE_UP, FAILED, SWEEP, ALL_FAILED] } },
    });
    const table = await screen.findByRole('table', { name: ar.table });
    const rows = within(table).getAllByRole('row').slice(1);
    // Values are isolated (U+2068 ... U+2069) in the text; the words around them are compared.
    const text = (n: number) => (rows[n]?.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
    // The Arabic catalogue's sentences with the numbers filled in (by hand from the values above).
    expect(text(0)).toContain('الكشوفات المُصدرة: 12 من 12');
    expect(text(0)).not.toContain('statements generated');
    expect(text(1)).toContain('توقفت المهمة بعد استنفاد محاولاتها (عدد المحاولات: 3)');
    expect(text(1)).not.toContain('Gave up');
    // A handler's own exception: the Arabic generic line naming the job's id (by hand from the
    // catalogue's "فشلت المهمة: راجع سجل الخادم، المرجع {{reference}}"); its own text cannot be
    // translated: folded below, labelled, isolated and marked as English.
    const failure = within(rows[2] as HTMLElement).getByTestId('job-error');
    expect(failure.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(`فشلت المهمة: راجع سجل الخادم، المرجع ${FAILED.id}`);
    const raw = within(rows[2] as HTMLElement).getByText('Disk full');
    expect(raw.getAttribute('lang')).toBe('en');
    expect(raw.getAttribute('dir')).toBe('ltr');
    expect(raw.closest('details')?.querySelector('summary')?.textContent).toBe(ar.technical);
    expect(text(3)).toContain('المهام المنتهية المحذوفة: 3');
    // A statement run in which every statement failed: its own sentence (by hand from the catalogue's
    // "فشلت جميع كشوف الحساب في هذه الدفعة ({{failed}}): لم يُحفظ أي كشف"), the last exception folded below.
    const allFailed = within(rows[4] as HTMLElement).getByTestId('job-error');
    expect(allFailed.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('فشلت جميع كشوف الحساب في هذه الدفعة (6): لم يُحفظ أي كشف');
    expect(
      within(rows[4] as HTMLElement)
        .getByText(ALL_FAILED.error as string)
        .getAttribute('lang'),
    ).toBe('en');
    // The runner's own failure carries no exception text: nothing folded under it.
    expect(within(rows[1] as HTMLElement).queryByTestId('job-error-detail')).toBeNull();
    await expectNoA11yViolations('background jobs (ar)');
  });

  it('a refused retry says why', async () => {
    const { user } = await renderScreen(<JobsPage />, {
      at: '/admin/jobs',
      api: {
        'GET /api/jobs': { jobs: [FAILED] },
        'POST /api/jobs/:id/retry': failWith(409, 'A job of this kind is already queued or running', { code: 'JOB_IN_PROGRESS' }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    await user.click(within(table).getByRole('button', { name: 'Retry Statement run' }));
    expect(await screen.findByText('A job of this kind is already queued or running')).toBeTruthy();
  });

  it('no jobs yet: the empty message', async () => {
    await renderScreen(<JobsPage />, { at: '/admin/jobs', api: { 'GET /api/jobs': { jobs: [] } } });
    expect((await screen.findAllByText('No background jobs yet')).length).toBeGreaterThan(0);
  });
});
