import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HitStatus, ScreeningHit, ScreeningImport, ScreeningQueue } from '../../../shared/screening';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { ADMIN, renderScreen } from '../../testing/render';
import ScreeningPage from './screening-page';

const UN_IMPORT: ScreeningImport = {
  id: '70000000-0000-4000-8000-000000000001',
  source: 'un',
  fileName: 'consolidated.xml',
  sha256: 'a3f1c9e07b22d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b',
  entryCount: 812,
  added: 3,
  changed: 1,
  removed: 2,
  importedAt: '2026-11-20T09:00:00.000Z',
  importedByName: 'Fatima Founder',
  rescreen: { status: 'done', done: 40, total: 40, hits: 2 },
};
const OPEN_HIT: ScreeningHit = {
  id: '71000000-0000-4000-8000-000000000001',
  investorId: '00000000-0000-4000-8000-000000000030',
  investorName: 'Coral Shoal Fund',
  subjectName: 'Maeve Caldrick',
  relation: 'beneficial_owner',
  source: 'un',
  entryRef: 'QDi.101',
  entryName: 'MAEVE CALDRIK',
  entryPep: false,
  score: '0.93',
  reasons: ['name', 'nationality'],
  status: 'open',
  clearedReason: null,
  escalationNote: null,
  escalatedBy: null,
  escalatedByName: null,
  decidedByName: null,
  createdAt: '2026-11-20T09:01:00.000Z',
};
// Escalated by the signed-in founder: a second admin must confirm it.
const OWN_ESCALATION: ScreeningHit = {
  ...OPEN_HIT,
  id: '71000000-0000-4000-8000-000000000002',
  investorName: 'Ahmed Al-Rashid',
  subjectName: 'Ahmed Al-Rashid',
  relation: 'investor',
  source: 'uae',
  entryRef: 'UAE-17',
  entryName: 'AHMAD AL RASHID',
  status: 'escalated',
  escalatedBy: ADMIN.id,
  escalatedByName: 'Fatima Founder',
};
// Escalated by another admin: this one may confirm it.
const OTHER_ESCALATION: ScreeningHit = {
  ...OWN_ESCALATION,
  id: '71000000-0000-4000-8000-000000000003',
  subjectName: 'Omar Haddad',
  investorName: 'Haddad Family Office',
  relation: 'controlling_person',
  entryName: 'OMAR HADAD',
  escalatedBy: '00000000-0000-4000-8000-000000000003',
  escalatedByName: 'Layla Legal',
};
const CLEARED: ScreeningHit = { ...OPEN_HIT, status: 'false_positive', clearedReason: 'Different date of birth on the passport' };
const queue = (...hits: ScreeningHit[]): ScreeningQueue => {
  const counts: Record<HitStatus, number> = { open: 0, false_positive: 0, escalated: 0, confirmed: 0 };
  for (const h of hits) counts[h.status] += 1;
  return { hits, counts };
};
const hitCard = (name: string) => screen.getByRole('generic', { name });

describe('Sanctions Screening', () => {
  it('lists imports and hits; a false positive needs the reason the server asks for; escalate and confirm send no note', async () => {
    const { user, api } = await renderScreen(<ScreeningPage />, {
      at: '/admin/screening',
      api: {
        'GET /api/screening/imports': { imports: [UN_IMPORT] },
        'GET /api/screening/hits': queue(OPEN_HIT, OWN_ESCALATION, OTHER_ESCALATION),
        'POST /api/screening/hits/:id/clear': (req) =>
          (req.body as { reason: string }).reason.trim().length < 3
            ? failWith(400, 'Invalid request', { fields: { reason: 'A reason is required to clear a hit' } })
            : { hit: CLEARED },
        'POST /api/screening/hits/:id/escalate': { hit: { ...OPEN_HIT, status: 'escalated' } },
        'POST /api/screening/hits/:id/confirm': { hit: { ...OTHER_ESCALATION, status: 'confirmed' } },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sanctions Screening' })).toBeTruthy();
    expect(screen.getByText('Import screening lists and review possible matches. A confirmed match needs a second admin.')).toBeTruthy();
    const imports = await screen.findByRole('table', { name: 'Imports' });
    const row = within(imports).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('UN Security Council Consolidated List');
    expect(row.textContent).toContain('consolidated.xml');
    expect(row.textContent).toContain('812');
    expect(row.textContent).toContain('+3 / ~1 / −2');
    expect(row.textContent).toContain('Done, 2 new hits');
    // The hash's first 12 characters, the whole one in the title.
    expect(within(row).getByTitle(UN_IMPORT.sha256).textContent).toBe('a3f1c9e07b22…');

    const open = await screen.findByRole('generic', { name: 'Maeve Caldrick – MAEVE CALDRIK' });
    expect(open.textContent).toContain('Coral Shoal Fund');
    expect(open.textContent).toContain('Maeve Caldrick (Beneficial owner)');
    expect(open.textContent).toContain('MAEVE CALDRIK (UN Security Council Consolidated List, QDi.101)');
    expect(open.textContent).toContain('0.93 (name; nationality)');
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Escalate' })).toBeTruthy();
    const own = hitCard('Ahmed Al-Rashid – AHMAD AL RASHID');
    expect(own.textContent).toContain('Ahmed Al-Rashid (Investor)');
    expect(own.textContent).toContain('UAE Local Terrorist List, UAE-17');
    expect(own.textContent).toContain('Escalated by Fatima Founder');
    expect(within(own).getByText('A second admin must confirm')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Confirm match' })).toBeNull();
    const other = hitCard('Omar Haddad – OMAR HADAD');
    expect(other.textContent).toContain('Omar Haddad (Controlling person)');
    expect(other.textContent).toContain('Escalated by Layla Legal');
    await expectNoA11yViolations('screening queue', screen.getByTestId('screening-queue'));

    // False positive: the reason is checked by the server only; its field error shows on the field.
    await user.click(within(open).getByRole('button', { name: 'False positive' }));
    const dialog = await findDialog('Clear as a false positive');
    expect(within(dialog).getByText('Maeve Caldrick – MAEVE CALDRIK')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Clear hit' }));
    await expect.poll(() => field('Reason', dialog).getAttribute('aria-invalid')).toBe('true');
    expectFieldError(field('Reason', dialog), 'A reason is required to clear a hit');
    await expectNoA11yViolations('clear dialog with the error', dialog);
    await user.type(field('Reason', dialog), 'Different date of birth on the passport');
    await user.click(within(dialog).getByRole('button', { name: 'Clear hit' }));
    await expect.poll(toastTexts).toContain('The hit was cleared as a false positive');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/screening/hits/:id/clear').map((c) => [c.params.id, c.body])).toEqual([
      [OPEN_HIT.id, { reason: '' }],
      [OPEN_HIT.id, { reason: 'Different date of birth on the passport' }],
    ]);

    await user.click(within(open).getByRole('button', { name: 'Escalate' }));
    await expect.poll(toastTexts).toContain('The hit was escalated for a second admin');
    await user.click(within(other).getByRole('button', { name: 'Confirm match' }));
    await expect.poll(toastTexts).toContain('The match was confirmed: the investor is frozen and compliance was alerted');
    expect(api.callsTo('POST /api/screening/hits/:id/escalate').map((c) => [c.params.id, c.body])).toEqual([[OPEN_HIT.id, {}]]);
    expect(api.callsTo('POST /api/screening/hits/:id/confirm').map((c) => [c.params.id, c.body])).toEqual([[OTHER_ESCALATION.id, {}]]);
  });

  it('empty lists, a queue that failed to load, the filter, and an import sent as the chosen list and file', async () => {
    let hitsOk = false;
    const { user, api } = await renderScreen(<ScreeningPage />, {
      at: '/admin/screening',
      api: {
        'GET /api/screening/imports': { imports: [] },
        'GET /api/screening/hits': () => (hitsOk ? queue() : failWith(500, 'The review queue is not available')),
        'POST /api/screening/imports': (req) =>
          (req.body as FormData).get('file') === null
            ? failWith(400, 'Choose a list file to import')
            : { import: { ...UN_IMPORT, source: 'uae', fileName: 'uae.csv', entryCount: 2, added: 2, changed: 0, removed: 0 } },
      },
    });
    expect(await screen.findByText('No list imported yet.')).toBeTruthy();
    const queueSection = screen.getByTestId('screening-queue');
    expect((await within(queueSection).findByRole('alert')).textContent).toBe('Review queue');
    expect(within(queueSection).getByText('The review queue is not available')).toBeTruthy();
    hitsOk = true;
    await user.click(within(queueSection).getByRole('button', { name: 'Try again' }));
    expect(await within(queueSection).findByText('No hits to review.')).toBeTruthy();

    // The filter asks the server for that status.
    await user.selectOptions(field('Show', queueSection), 'Escalated');
    await expect.poll(() => api.callsTo('GET /api/screening/hits').at(-1)?.query.get('status')).toBe('escalated');

    const form = screen.getByRole('form', { name: 'Import a list' });
    expect(within(form).getByRole('option', { name: 'UN Security Council Consolidated List' })).toBeTruthy();
    expect(field('File', form).getAttribute('accept')).toBe('.xml');
    // No file: the server's refusal shows on the file field.
    await user.click(within(form).getByRole('button', { name: 'Import list' }));
    await expect.poll(() => field('File', form).getAttribute('aria-invalid')).toBe('true');
    expectFieldError(field('File', form), 'Choose a list file to import');

    await user.selectOptions(field('List', form), 'UAE Local Terrorist List');
    expect(field('File', form).getAttribute('accept')).toBe('.csv');
    await user.upload(field('File', form) as HTMLInputElement, new File(['Name\nAHMAD AL RASHID\n'], 'uae.csv', { type: 'text/csv' }));
    await user.click(within(form).getByRole('button', { name: 'Import list' }));
    await expect.poll(toastTexts).toContain('2 entries imported: 2 added, 0 changed, 0 removed');
    const sent = api.callsTo('POST /api/screening/imports').map((c) => c.body as FormData);
    expect(sent.map((f) => [f.get('source'), (f.get('file') as File | null)?.name ?? null])).toEqual([
      ['un', null],
      ['uae', 'uae.csv'],
    ]);
    // The chosen file is cleared after the import.
    expect((field('File', form) as HTMLInputElement).files?.length).toBe(0);
  });

  it('in Arabic: the title and the clear action', async () => {
    await renderScreen(<ScreeningPage />, {
      at: '/admin/screening',
      language: 'ar',
      api: { 'GET /api/screening/imports': { imports: [] }, 'GET /api/screening/hits': queue(OPEN_HIT) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'التدقيق في قوائم العقوبات' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'إيجابية كاذبة' })).toBeTruthy();
  });
});
