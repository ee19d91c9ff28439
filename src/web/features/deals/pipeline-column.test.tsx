import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEAL_PAGE_SIZE, type Deal } from '../../../shared/deals';
import { type FakeRoutes, failWith } from '../../testing/fake-api';
import { DEAL_OIL } from '../../testing/fixtures';
import { expectNoA11yViolations, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { type ColumnHandlers, StageColumn } from './pipeline-column';

const HANDLERS: ColumnHandlers = { dropActive: false, dragging: false, onDragOver: () => {}, onDragLeave: () => {}, onDrop: () => {} };
// 60 deals in Sourcing: a first page of DEAL_PAGE_SIZE (50), then 10 behind the cursor.
const deal = (i: number): Deal => ({
  ...DEAL_OIL,
  id: `20000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Sourcing deal ${i}`,
  stage: 'Sourcing',
});
const FIRST = Array.from({ length: DEAL_PAGE_SIZE }, (_, i) => deal(i + 1));
const SECOND = Array.from({ length: 10 }, (_, i) => deal(DEAL_PAGE_SIZE + i + 1));
const pages = (): FakeRoutes => ({
  'GET /api/deals': (req) =>
    req.query.get('cursor') === 'page-2'
      ? { stage: 'Sourcing', deals: SECOND, nextCursor: null }
      : { stage: 'Sourcing', deals: FIRST, nextCursor: 'page-2' },
});
const column = (announced: string[] = []) => (
  <StageColumn
    stage="Sourcing"
    count={{ total: 60, totalCapped: false }}
    handlers={HANDLERS}
    focusColumn={false}
    onFocused={() => {}}
    onAnnounce={(text) => announced.push(text)}
    renderCard={(d) => <a href={`/admin/deals/${d.id}`}>{d.title}</a>}
  />
);

describe('Pipeline column', () => {
  it('a stage with more than a page: its count, the first page, "Show 10 more" brings the rest and focus goes to the first new card', async () => {
    const announced: string[] = [];
    const { user, api } = await renderScreen(column(announced), { api: pages() });
    const list = await screen.findByRole('list', { name: 'Sourcing: 50 of 60 deals shown' });
    expect(within(list).getAllByRole('link')).toHaveLength(50);
    expect(screen.getByRole('heading', { name: 'Sourcing, 60 deals' })).toBeTruthy();
    expect(screen.getByText('Showing 50 of 60')).toBeTruthy();
    await expectNoA11yViolations('pipeline column');

    await user.click(screen.getByRole('button', { name: 'Show 10 more Sourcing deals' }));
    const all = await screen.findByRole('list', { name: 'Sourcing: 60 deals' });
    expect(within(all).getAllByRole('link')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: /more Sourcing deals/ })).toBeNull();
    expect(api.callsTo('GET /api/deals').map((c) => c.query.get('cursor'))).toEqual([null, 'page-2']);
    await expect.poll(() => document.activeElement?.textContent).toBe('Sourcing deal 51');
    expect(announced).toEqual(['Showing 60 of 60 deals in Sourcing']);
  });

  it('a page that fails to load says so and keeps Show more', async () => {
    const { user, api } = await renderScreen(column(), { api: pages() });
    await screen.findByRole('list', { name: 'Sourcing: 50 of 60 deals shown' });
    api.set({ 'GET /api/deals': failWith(503, 'The database is not available') });
    const more = screen.getByRole('button', { name: 'Show 10 more Sourcing deals' });
    await user.click(more);
    await expect.poll(toastTexts).toContain('Failed to load more deals');
    expect(screen.getByRole('button', { name: 'Show 10 more Sourcing deals' })).toBeTruthy();
  });

  it('an empty stage says so', async () => {
    await renderScreen(
      <StageColumn
        stage="Exit"
        count={{ total: 0, totalCapped: false }}
        handlers={HANDLERS}
        focusColumn={false}
        onFocused={() => {}}
        onAnnounce={() => {}}
        renderCard={() => null}
      />,
      { api: { 'GET /api/deals': { stage: 'Exit', deals: [], nextCursor: null } } },
    );
    expect(await screen.findByText('No deals in this stage')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Exit, 0 deals' })).toBeTruthy();
  });
});
