import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, NOT_ENFORCED_SETTINGS, type Settings } from '../../../shared/settings';
import {
  ALL_FIELDS,
  firstFieldWithError,
  firstTabWithError,
  limitsOf,
  settingsFieldErrors,
  toFormValues,
  validateSettings,
} from './settings-form';

const form = (over: Partial<Record<keyof Settings, unknown>> = {}) =>
  ({ ...toFormValues(DEFAULT_SETTINGS), ...over }) as ReturnType<typeof toFormValues>;

describe('settings form', () => {
  it('has exactly one field for every setting', () => {
    expect(ALL_FIELDS.map((f) => f.key).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    for (const key of NOT_ENFORCED_SETTINGS) expect(ALL_FIELDS.some((f) => f.key === key)).toBe(true);
  });

  it('accepts the defaults and returns numbers', () => {
    const r = validateSettings(form());
    expect(r.errors).toBeNull();
    expect(r.data).toEqual(DEFAULT_SETTINGS);
  });

  it('checks each office and names it in the message, on the Company Profile tab', () => {
    const r = validateSettings(form({ offices: [{ city: 'Dubai' }, { city: 'Nairobi', email: 'nope' }] }));
    expect(r.errors).toEqual({ offices: 'Office 2: Enter a valid email address' });
    expect(firstTabWithError(r.errors ?? {})).toBe('profile');
    expect(settingsFieldErrors({ 'offices.0.city': 'Enter the city' })).toEqual({ offices: 'Office 1: Enter the city' });
  });

  it('rejects a port outside 1-65535 on the Email tab', () => {
    const r = validateSettings(form({ smtpPort: '70000' }));
    expect(r.errors).toEqual({ smtpPort: 'Port must be 1-65535' });
    expect(firstTabWithError(r.errors ?? {})).toBe('email');
  });

  it('rejects bad e-mail addresses, empty and fractional numbers with clear messages', () => {
    const r = validateSettings(
      form({ emailFromAddress: 'nope', dataRetention: '', apiRateLimit: '1.5', sessionTimeout: '25', companyName: '  ' }),
    );
    expect(r.errors).toEqual({
      companyName: 'Company name is required',
      emailFromAddress: 'Enter a valid email address',
      dataRetention: 'Data retention must be a whole number from 1 to 50 years',
      apiRateLimit: 'API rate limit must be a whole number from 1 to 1,000,000 requests per hour',
      sessionTimeout: 'Session timeout must be 1 to 24 hours',
    });
    expect(firstTabWithError(r.errors ?? {})).toBe('general');
    expect(firstFieldWithError(r.errors ?? {})).toBe('companyName');
  });

  it('reads limits from the shared schema', () => {
    expect(limitsOf('smtpPort')).toMatchObject({ min: 1, max: 65535 });
    expect(limitsOf('companyName').maxLength).toBe(120);
    expect(limitsOf('companyLogo').maxLength).toBe(500);
  });

  it('keeps only settings keys of server field errors', () => {
    expect(settingsFieldErrors({ smtpPort: 'Port must be 1-65535', _: 'x', other: 'y' })).toEqual({ smtpPort: 'Port must be 1-65535' });
  });
});
