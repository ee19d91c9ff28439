import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import type { SigningSettings } from '../../../shared/signing';
import { failWith } from '../../testing/fake-api';
import { description, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { ADMIN, renderScreen } from '../../testing/render';
import SettingsPage from './settings-page';

/** The stored signing settings: issue 30's default (founder and legal), 30 days (decision 036). */
const STORED: SigningSettings = { countersignAdminTypes: ['founder', 'legal'], envelopeDays: 30 };
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const SAVE = 'Save agreement settings';

describe('Settings: the Subscription agreements card (issue 30)', () => {
  it('a founder cannot save with no admin type or days out of 1..365 (field errors, nothing sent), then saves a valid choice', async () => {
    const saved: SigningSettings = { countersignAdminTypes: ['founder', 'cio'], envelopeDays: 14 };
    const { user, api } = await renderScreen(<SettingsPage />, {
      at: '/admin/settings?tab=security',
      api: {
        'GET /api/settings': { settings: DEFAULT_SETTINGS },
        'GET /api/signing/settings': { settings: STORED },
        'PUT /api/signing/settings': { settings: saved },
      },
    });
    await screen.findByRole('checkbox', { name: 'Legal' });
    expect(box('Founder').checked).toBe(true);
    expect(box('Legal').checked).toBe(true);
    expect(box('CIO').checked).toBe(false);
    expect(box('Nairobi lead').checked).toBe(false);
    expect((field('Days an agreement stays open to sign') as HTMLInputElement).value).toBe('30');

    // No admin type ticked: an error on the group, focus on its first box, nothing sent.
    await user.click(box('Founder'));
    await user.click(box('Legal'));
    await user.click(screen.getByRole('button', { name: SAVE }));
    const group = screen.getByRole('group', { name: 'Admin types who may countersign' });
    expect(description(group)).toContain('Choose at least one admin type');
    await expect.poll(() => document.activeElement).toBe(box('Founder'));
    expect(api.callsTo('PUT /api/signing/settings')).toEqual([]);
    // Ticking one clears it.
    await user.click(box('Founder'));
    expect(screen.queryByText('Choose at least one admin type')).toBeNull();

    // Days: 0, 366, 2.5 and text are refused with the bounds named (schema: 1..365 whole days).
    const days = field('Days an agreement stays open to sign') as HTMLInputElement;
    for (const bad of ['0', '366', '2.5', 'ten']) {
      await user.clear(days);
      await user.type(days, bad);
      await user.click(screen.getByRole('button', { name: SAVE }));
      expect(days.getAttribute('aria-invalid')).toBe('true');
      expect(description(days)).toContain('Enter a whole number of days from 1 to 365');
    }
    expect(api.callsTo('PUT /api/signing/settings')).toEqual([]);

    // A valid choice is sent in the admin types' fixed order, and the toast says so.
    await user.click(box('CIO'));
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByRole('button', { name: SAVE }));
    await expect.poll(toastTexts).toContain('Agreement settings saved');
    expect(api.callsTo('PUT /api/signing/settings').map((c) => c.body)).toEqual([saved]);
    expect(days.getAttribute('aria-invalid')).toBeNull();
    await expectNoA11yViolations('signing settings (founder)');
  });

  it('the server’s refusal shows its message (403), and the choice stays to correct', async () => {
    const { user } = await renderScreen(<SettingsPage />, {
      at: '/admin/settings?tab=security',
      api: {
        'GET /api/settings': { settings: DEFAULT_SETTINGS },
        'GET /api/signing/settings': { settings: STORED },
        'PUT /api/signing/settings': failWith(403, 'Only a founder can do this'),
      },
    });
    await screen.findByRole('checkbox', { name: 'Legal' });
    await user.click(box('CIO'));
    await user.click(screen.getByRole('button', { name: SAVE }));
    await expect.poll(toastTexts).toContain('Failed to save the agreement settings');
    expect(document.body.textContent).toContain('Only a founder can do this');
    expect(box('CIO').checked).toBe(true);
  });

  it("its edits are the page's unsaved changes: the bottom bar says so, and leaving asks once, with the form dirty too", async () => {
    const { user } = await renderScreen(<SettingsPage />, {
      at: '/admin/settings?tab=security',
      api: { 'GET /api/settings': { settings: DEFAULT_SETTINGS }, 'GET /api/signing/settings': { settings: STORED } },
    });
    await screen.findByRole('checkbox', { name: 'Legal' });
    expect(screen.getByText('All changes saved.')).toBeTruthy();
    // Only the card edited: never "All changes saved" beside it.
    await user.click(box('CIO'));
    expect(await screen.findByText('Unsaved changes to the agreement settings: save them on their card.')).toBeTruthy();
    expect(screen.queryByText('All changes saved.')).toBeNull();
    // The page's form edited as well: its own message, and one question on leaving (not one per part).
    const timeout = field('Session timeout (hours)') as HTMLInputElement;
    await user.clear(timeout);
    await user.type(timeout, '9');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const away = document.createElement('a');
    away.href = '/admin/deals';
    away.textContent = 'Deals';
    document.body.append(away);
    try {
      away.click();
      expect(confirm).toHaveBeenCalledTimes(1);
      // Undone on the card: the form's change alone still asks once.
      await user.click(box('CIO'));
      away.click();
      expect(confirm).toHaveBeenCalledTimes(2);
    } finally {
      confirm.mockRestore();
      away.remove();
    }
  });

  it('its edits outlive a switch of tab (the page holds them), and its Discard brings back the stored choice', async () => {
    const { user, api } = await renderScreen(<SettingsPage />, {
      at: '/admin/settings?tab=security',
      api: { 'GET /api/settings': { settings: DEFAULT_SETTINGS }, 'GET /api/signing/settings': { settings: STORED } },
    });
    await screen.findByRole('checkbox', { name: 'Legal' });
    await user.click(box('CIO'));
    const days = field('Days an agreement stays open to sign') as HTMLInputElement;
    await user.clear(days);
    await user.type(days, '21');
    // Another tab: the card is gone (its panel unmounts), its edits still the page's unsaved ones.
    await user.click(screen.getByRole('tab', { name: /^General/ }));
    await expect.poll(() => screen.queryByRole('checkbox', { name: 'Legal' })).toBeNull();
    expect(screen.getByText('Unsaved changes to the agreement settings: save them on their card.')).toBeTruthy();
    // Back: what was typed and ticked is there.
    await user.click(screen.getByRole('tab', { name: /^Security/ }));
    await screen.findByRole('checkbox', { name: 'Legal' });
    expect(box('CIO').checked).toBe(true);
    expect((field('Days an agreement stays open to sign') as HTMLInputElement).value).toBe('21');
    expect(screen.getByText('Unsaved changes to the agreement settings.')).toBeTruthy();
    // The card's Discard: the stored choice again, nothing unsaved, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(box('CIO').checked).toBe(false);
    expect(box('Legal').checked).toBe(true);
    expect((field('Days an agreement stays open to sign') as HTMLInputElement).value).toBe('30');
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    expect(api.callsTo('PUT /api/signing/settings')).toEqual([]);
  });

  it('a cio sees the choice read-only with the reason, and no save button', async () => {
    await renderScreen(<SettingsPage />, {
      at: '/admin/settings?tab=security',
      user: { ...ADMIN, userType: 'cio' },
      api: { 'GET /api/settings': { settings: DEFAULT_SETTINGS }, 'GET /api/signing/settings': { settings: STORED } },
    });
    await screen.findByRole('checkbox', { name: 'Legal' });
    expect(screen.getByText(/Only a founder can change who countersigns/)).toBeTruthy();
    for (const name of ['Founder', 'CIO', 'Legal', 'Nairobi lead']) {
      const b = box(name);
      expect(b.disabled || b.closest('fieldset')?.disabled).toBe(true);
    }
    expect(box('Legal').checked).toBe(true);
    const days = field('Days an agreement stays open to sign') as HTMLInputElement;
    expect(days.disabled || days.closest('fieldset')?.disabled).toBe(true);
    expect(days.value).toBe('30');
    expect(screen.queryByRole('button', { name: SAVE })).toBeNull();
    await expectNoA11yViolations('signing settings (read-only)');
  });
});
