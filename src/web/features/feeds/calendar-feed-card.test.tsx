import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalendarFeedStatus } from '../../../shared/feeds';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations, findDialog, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { CalendarFeedCard } from './calendar-feed-card';

const NONE: CalendarFeedStatus = { active: false, hint: null, createdAt: null, lastUsedAt: null };
const LIVE: CalendarFeedStatus = { active: true, hint: 'sdc_AbCd', createdAt: '2026-11-27T08:00:00.000Z', lastUsedAt: null };
const URL_SHOWN = `https://portal.example.com/api/feeds/calendar/sdc_${'y'.repeat(43)}`;

describe('Profile: calendar feed', () => {
  it('no feed: creating shows the link once; then it is listed without its secret and can be stopped after a question', async () => {
    const { user, api } = await renderScreen(<CalendarFeedCard />, {
      user: INVESTOR,
      api: {
        'GET /api/investor/calendar-feed': { feed: NONE },
        'POST /api/investor/calendar-feed': { url: URL_SHOWN, feed: LIVE },
        'DELETE /api/investor/calendar-feed': { feed: NONE },
      },
    });
    expect(await screen.findByText('You have no calendar feed yet.')).toBeTruthy();
    await expectNoA11yViolations('calendar feed, none');
    await user.click(screen.getByRole('button', { name: 'Create calendar link' }));
    const shown = await findDialog('Your calendar link');
    expect((within(shown).getByRole('textbox', { name: 'Calendar link' }) as HTMLInputElement).value).toBe(URL_SHOWN);
    expect(api.callsTo('POST /api/investor/calendar-feed')).toHaveLength(1);
    await expectNoA11yViolations('calendar link shown once', shown);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(URL_SHOWN)).toBeNull();
    expect(await screen.findByText(/link starting sdc_AbCd/)).toBeTruthy();
    expect(screen.getByText('Not read by a calendar app yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace the link' }).getAttribute('aria-describedby')).toBe('calendar-regenerate-hint');

    await user.click(screen.getByRole('button', { name: 'Stop the feed' }));
    const confirm = await findDialog('Stop the calendar feed?');
    await user.click(within(confirm).getByRole('button', { name: 'Stop the feed' }));
    await expect.poll(() => api.callsTo('DELETE /api/investor/calendar-feed')).toHaveLength(1);
    await expect.poll(toastTexts).toContain('Calendar feed stopped');
    expect(await screen.findByRole('button', { name: 'Create calendar link' })).toBeTruthy();
  });

  it('a refused creation says so, with the server message', async () => {
    const { user } = await renderScreen(<CalendarFeedCard />, {
      user: INVESTOR,
      api: {
        'GET /api/investor/calendar-feed': { feed: NONE },
        'POST /api/investor/calendar-feed': failWith(429, 'Too many calendar feed requests. Try again later.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create calendar link' }));
    await expect.poll(toastTexts).toContain('The calendar link could not be created');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
