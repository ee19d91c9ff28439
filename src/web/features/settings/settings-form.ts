import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { SESSION_ABSOLUTE_HOURS } from '../../../shared/constants';
import { formatNumber } from '../../../shared/format';
import {
  BACKUP_FREQUENCIES,
  LANGUAGES,
  NOT_ENFORCED_SETTINGS,
  PASSWORD_POLICIES,
  type Settings,
  settingsSchema,
} from '../../../shared/settings';
import { enumLabel, translateMessage } from '../../lib/i18n';
import { settingsText } from './i18n';

/** The form holds numbers as the text typed, so a half-typed value is never lost. */
export type SettingsFormValues = { [K in keyof Settings]: Settings[K] extends number ? string : Settings[K] };
export type SettingsKey = keyof Settings;
export type SettingsErrors = Partial<Record<SettingsKey, string>>;

export type TabId = 'general' | 'profile' | 'security' | 'notifications' | 'system' | 'email';
export const TAB_IDS: readonly TabId[] = ['general', 'profile', 'security', 'notifications', 'system', 'email'];

export type FieldKind = 'text' | 'url' | 'email' | 'tel' | 'number' | 'select' | 'timezone' | 'checkbox' | 'textarea' | 'offices';

/** A setting's field; its texts are in the settings catalogue under `field.<key>` (issue 16). */
export interface SettingsFieldDef {
  key: SettingsKey;
  kind: FieldKind;
  /** The choices of a select; their labels are `option.<key>.<value>` (the password policy's are common's). */
  options?: readonly string[];
  /** The catalogue has `field.<key>.hint`. */
  hint?: boolean;
  /** The catalogue has `field.<key>.notEnforced`: extra words after 'Not enforced yet'. */
  notEnforcedDetail?: boolean;
  /** The catalogue has `field.<key>.requirement`: shown like the not-enforced note. */
  requirement?: boolean;
  /** The catalogue has `field.<key>.placeholder`. */
  placeholder?: boolean;
  autoComplete?: string;
  /** Span both columns of the tab's grid. */
  wide?: boolean;
  /** A textarea of prose (not addresses or codes): taller, in the text font. */
  prose?: boolean;
  /** The value is written in this language whatever the screen's (its direction follows it). */
  lang?: 'ar' | 'en';
  /** The text's direction ('auto' for a field written in Arabic whatever the screen's language). */
  dir?: 'auto';
}

export type SectionId =
  | 'company'
  | 'profile'
  | 'offices'
  | 'investorRelations'
  | 'claims'
  | 'regulatory'
  | 'security'
  | 'limits'
  | 'notifications'
  | 'system'
  | 'kycRefresh'
  | 'emailServer';

/** A card of a tab; its title and description are `section.<id>` in the catalogue. */
export interface SettingsSection {
  id: SectionId;
  fields: SettingsFieldDef[];
}

/** A tab; its label is `tab.<id>` in the catalogue. */
export interface SettingsTab {
  id: TabId;
  sections: SettingsSection[];
}

export const SETTINGS_TABS: SettingsTab[] = [
  {
    id: 'general',
    sections: [
      {
        id: 'company',
        fields: [
          { key: 'companyName', kind: 'text', hint: true, autoComplete: 'organization' },
          { key: 'companyLogo', kind: 'url', placeholder: true, hint: true, notEnforcedDetail: true },
          { key: 'timezone', kind: 'timezone', hint: true },
          { key: 'language', kind: 'select', options: LANGUAGES, hint: true },
        ],
      },
    ],
  },
  {
    id: 'profile',
    sections: [
      {
        id: 'profile',
        fields: [
          { key: 'legalName', kind: 'text', autoComplete: 'off', hint: true },
          { key: 'registeredOffice', kind: 'text', autoComplete: 'off', wide: true },
        ],
      },
      { id: 'offices', fields: [{ key: 'offices', kind: 'offices', wide: true }] },
      {
        id: 'investorRelations',
        fields: [
          { key: 'investorRelationsName', kind: 'text', autoComplete: 'off' },
          { key: 'investorRelationsEmail', kind: 'email', autoComplete: 'off' },
          { key: 'investorRelationsPhone', kind: 'tel', autoComplete: 'off' },
        ],
      },
      {
        id: 'claims',
        fields: [
          { key: 'claimAssetsUnderManagement', kind: 'text', autoComplete: 'off', hint: true },
          { key: 'claimInvestors', kind: 'text', autoComplete: 'off', hint: true },
          { key: 'claimCompletedDeals', kind: 'text', autoComplete: 'off', hint: true },
          { key: 'claimPresence', kind: 'text', autoComplete: 'off', hint: true, wide: true },
          { key: 'claimPresenceAr', kind: 'text', autoComplete: 'off', hint: true, wide: true, dir: 'auto' },
        ],
      },
      {
        id: 'regulatory',
        fields: [
          { key: 'regulatorAuthorization', kind: 'text', wide: true },
          { key: 'licenseNumber', kind: 'text' },
          { key: 'clientClassification', kind: 'text' },
          { key: 'classificationReview', kind: 'text', hint: true },
          { key: 'complianceContactName', kind: 'text', autoComplete: 'off' },
          { key: 'complianceContactEmail', kind: 'email', autoComplete: 'off' },
          { key: 'complianceContactPhone', kind: 'tel', autoComplete: 'off' },
          { key: 'documentDisclaimer', kind: 'textarea', wide: true, hint: true, prose: true, lang: 'en' },
          { key: 'documentDisclaimerAr', kind: 'textarea', wide: true, hint: true, prose: true, lang: 'ar' },
        ],
      },
    ],
  },
  {
    id: 'security',
    sections: [
      {
        id: 'security',
        fields: [
          { key: 'twoFactorAuth', kind: 'checkbox', hint: true },
          { key: 'passwordPolicy', kind: 'select', options: PASSWORD_POLICIES, hint: true },
          { key: 'sessionTimeout', kind: 'number', hint: true },
          { key: 'ipWhitelist', kind: 'textarea', wide: true, placeholder: true, hint: true },
        ],
      },
      {
        // How much each user may use: with the sign-in rules, the founders' (issue 27).
        id: 'limits',
        fields: [
          { key: 'apiRateLimit', kind: 'number', hint: true },
          { key: 'investorStorageQuotaMb', kind: 'number', hint: true },
        ],
      },
    ],
  },
  {
    id: 'notifications',
    sections: [
      {
        id: 'notifications',
        fields: [
          { key: 'emailNotifications', kind: 'checkbox', hint: true },
          { key: 'smsNotifications', kind: 'checkbox', hint: true, requirement: true },
          { key: 'dealAlerts', kind: 'checkbox', hint: true },
          { key: 'complianceAlerts', kind: 'checkbox', hint: true },
        ],
      },
    ],
  },
  {
    id: 'system',
    sections: [
      {
        id: 'system',
        fields: [
          { key: 'dataRetention', kind: 'number' },
          { key: 'backupFrequency', kind: 'select', options: BACKUP_FREQUENCIES },
        ],
      },
      {
        // Periodic KYC refresh by risk rating (issue 31 part 4, decision 050).
        id: 'kycRefresh',
        fields: [
          { key: 'kycRefreshMonthsHigh', kind: 'number', hint: true },
          { key: 'kycRefreshMonthsMedium', kind: 'number', hint: true },
          { key: 'kycRefreshMonthsLow', kind: 'number', hint: true },
        ],
      },
    ],
  },
  {
    id: 'email',
    sections: [
      {
        id: 'emailServer',
        fields: [
          { key: 'smtpHost', kind: 'text', placeholder: true, autoComplete: 'off', hint: true },
          { key: 'smtpPort', kind: 'number', hint: true },
          { key: 'smtpUser', kind: 'text', autoComplete: 'off', hint: true },
          { key: 'emailFromAddress', kind: 'email', placeholder: true, autoComplete: 'off' },
        ],
      },
    ],
  },
];

/** The label of a select's choice, in the current language. */
export function optionLabel(key: SettingsKey, value: string): string {
  if (key === 'passwordPolicy') return enumLabel('passwordPolicy', value);
  return settingsText.t(`option.${key}.${value}` as never);
}

/** The hint of the session timeout names the absolute limit. */
export const hintValues = (key: SettingsKey) => (key === 'sessionTimeout' ? { hours: SESSION_ABSOLUTE_HOURS } : {});

export const ALL_FIELDS: SettingsFieldDef[] = SETTINGS_TABS.flatMap((t) => t.sections.flatMap((s) => s.fields));
const TAB_OF = new Map<SettingsKey, TabId>(
  SETTINGS_TABS.flatMap((t) => t.sections.flatMap((s) => s.fields.map((f) => [f.key, t.id] as const))),
);

export const isNotEnforced = (key: SettingsKey) => NOT_ENFORCED_SETTINGS.has(key);

export const NUMBER_KEYS = ALL_FIELDS.filter((f) => f.kind === 'number').map((f) => f.key);

/** The schema's limits of a field, so the inputs and messages never drift from the server's rules. */
export function limitsOf(key: SettingsKey): { min?: number; max?: number; maxLength?: number } {
  type Limits = { minValue?: number | null; maxValue?: number | null; maxLength?: number | null; unwrap?: () => Limits };
  let s = settingsSchema.shape[key] as unknown as Limits;
  // companyLogo has a default: its limits live on the wrapped schema.
  if (typeof s.unwrap === 'function' && s.maxLength === undefined && s.maxValue === undefined) s = s.unwrap();
  return { min: s.minValue ?? undefined, max: s.maxValue ?? undefined, maxLength: s.maxLength ?? undefined };
}

type NumberKey =
  | 'sessionTimeout'
  | 'dataRetention'
  | 'apiRateLimit'
  | 'investorStorageQuotaMb'
  | 'smtpPort'
  | 'kycRefreshMonthsHigh'
  | 'kycRefreshMonthsMedium'
  | 'kycRefreshMonthsLow';

function rangeMessage(key: SettingsKey): string {
  const { min, max } = limitsOf(key);
  return settingsText.t(`field.${key as NumberKey}.range`, { min: formatNumber(min ?? 0), max: formatNumber(max ?? 0) });
}

export function toFormValues(s: Settings): SettingsFormValues {
  const out = { ...s } as unknown as Record<string, unknown>;
  for (const k of NUMBER_KEYS) out[k] = String(s[k]);
  return out as SettingsFormValues;
}

/** Checks the form with the shared settings schema (the one the server uses). */
export function validateSettings(values: SettingsFormValues): { data: Settings; errors: null } | { data: null; errors: SettingsErrors } {
  const candidate = { ...values } as unknown as Record<string, unknown>;
  for (const k of NUMBER_KEYS) {
    const raw = String(values[k]).trim();
    candidate[k] = raw === '' ? Number.NaN : Number(raw);
  }
  const result = settingsSchema.safeParse(candidate);
  if (result.success) return { data: result.data, errors: null };
  const errors: SettingsErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as SettingsKey | undefined;
    if (!key || errors[key]) continue;
    const def = ALL_FIELDS.find((f) => f.key === key);
    if (key === 'offices' && typeof issue.path[1] === 'number') {
      errors[key] = officeMessage(issue.path[1], issue.message);
      continue;
    }
    // The schema's own words where it has them ('Port must be 1-65535'); a clear range otherwise.
    const generic = /^(Too (small|big)|Invalid input)/.test(issue.message);
    errors[key] = def?.kind === 'number' && generic ? rangeMessage(def.key) : issue.message;
  }
  return { data: null, errors };
}

/**
 * The form's schema for useZodForm (decision 018): the form holds numbers as the text typed; the
 * shared settings schema checks what they parse to, with the messages of validateSettings (one
 * per field, offices named by number, ranges spelt out). The submit handler gets Settings.
 */
export const settingsFormSchema = z
  .custom<SettingsFormValues>((v) => typeof v === 'object' && v !== null)
  .transform((values, ctx): Settings => {
    const result = validateSettings(values);
    if (result.errors) {
      for (const [key, message] of Object.entries(result.errors)) ctx.addIssue({ code: 'custom', path: [key], message });
      return z.NEVER;
    }
    return result.data;
  });

/** react-hook-form's errors as one message per setting. */
export function errorsOf(errors: FieldErrors<SettingsFormValues>): SettingsErrors {
  const out: SettingsErrors = {};
  for (const def of ALL_FIELDS) {
    const message = (errors[def.key] as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) out[def.key] = message;
  }
  return out;
}

/** 'Office 2: Enter a valid email address' (the office by its number as shown). */
const officeMessage = (index: number, message: string) =>
  settingsText.t('form.office', { number: index + 1, message: translateMessage(message) });

/** The tab (in tab order) holding the first field with an error. */
export function firstTabWithError(errors: SettingsErrors): TabId | null {
  for (const tab of SETTINGS_TABS) {
    if (tab.sections.some((s) => s.fields.some((f) => errors[f.key]))) return tab.id;
  }
  const key = Object.keys(errors)[0] as SettingsKey | undefined;
  return key ? (TAB_OF.get(key) ?? null) : null;
}

/** The first field (in form order) with an error. */
export function firstFieldWithError(errors: SettingsErrors): SettingsKey | null {
  return ALL_FIELDS.find((f) => errors[f.key])?.key ?? null;
}

export function errorCount(tab: SettingsTab, errors: SettingsErrors): number {
  return tab.sections.reduce((n, s) => n + s.fields.filter((f) => errors[f.key]).length, 0);
}

/** Server field errors keyed by settings keys (anything else is dropped). */
export function settingsFieldErrors(fields: Record<string, string> | undefined): SettingsErrors {
  const out: SettingsErrors = {};
  if (!fields) return out;
  for (const [k, v] of Object.entries(fields)) {
    const [key, index] = k.split('.') as [SettingsKey, string | undefined];
    if (TAB_OF.has(key) && !out[key]) out[key] = key === 'offices' && index && /^\d+$/.test(index) ? officeMessage(Number(index), v) : v;
  }
  return out;
}
