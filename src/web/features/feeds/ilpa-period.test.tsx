import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeReply } from '../../testing/fake-api';
import { description, expectFieldError, expectNoA11yViolations, expectNoFieldError, field } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { IlpaNoticesPanel } from './ilpa-period';

// jsdom has no object URLs: the saved file's name is what the anchor is given.
const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:ilpa');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const CSV = new FakeReply(200, 'Notice ID,Notice Type\r\n');
const setDate = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('ILPA notices of a period', () => {
  it('an end before the start is a field error on "To" with the start in the company format, and nothing is downloaded', async () => {
    const { user, api } = await renderScreen(<IlpaNoticesPanel />, { user: INVESTOR, api: { 'GET /api/investor/ilpa-notices.csv': CSV } });
    const from = field('From');
    const to = field('To');
    expect(description(from)).toBe('');
    setDate(from, '2026-06-30');
    setDate(to, '2026-01-15');
    // 30 Jun 2026: the company's date format (decision 020), as every date of the product.
    expectFieldError(to, 'The end date cannot be before the start date (30 Jun 2026)');
    expect(description(to)).toBe('The end date cannot be before the start date (30 Jun 2026)');
    expectNoFieldError(from);
    await expectNoA11yViolations('ILPA period with an error');

    await user.click(screen.getByRole('button', { name: 'Period, ILPA data (CSV)' }));
    expect(document.activeElement).toBe(to);
    expect(api.callsTo('GET /api/investor/ilpa-notices.csv')).toHaveLength(0);
    expect(saved).toEqual([]);

    // Corrected: the error goes and the link carries the period.
    setDate(to, '2026-06-30');
    expectNoFieldError(to);
    await user.click(screen.getByRole('button', { name: 'Period, ILPA data (CSV)' }));
    await expect.poll(() => saved).toEqual(['ilpa-notices-2026-06-30-to-2026-06-30.csv']);
    const [call] = api.callsTo('GET /api/investor/ilpa-notices.csv');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ from: '2026-06-30', to: '2026-06-30' });
  });

  it('either end may stay open; no period downloads all notices', async () => {
    const { user, api } = await renderScreen(<IlpaNoticesPanel />, { user: INVESTOR, api: { 'GET /api/investor/ilpa-notices.csv': CSV } });
    setDate(field('From'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Period, ILPA data (CSV)' }));
    await expect.poll(() => saved).toEqual(['ilpa-notices-2026-03-01-to-latest.csv']);
    expect(Object.fromEntries(api.callsTo('GET /api/investor/ilpa-notices.csv')[0]?.query ?? [])).toEqual({ from: '2026-03-01' });

    setDate(field('From'), '');
    await user.click(screen.getByRole('button', { name: 'All notices, ILPA data (CSV)' }));
    await expect.poll(() => saved).toHaveLength(2);
    expect(saved[1]).toBe('ilpa-notices.csv');
    expect([...(api.callsTo('GET /api/investor/ilpa-notices.csv')[1]?.query ?? [])]).toEqual([]);
  });
});
