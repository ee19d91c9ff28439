import { SESSION_ABSOLUTE_HOURS } from '../../../shared/constants';
import {
  BACKUP_FREQUENCIES,
  LANGUAGES,
  NOT_ENFORCED_SETTINGS,
  PASSWORD_POLICIES,
  type Settings,
  settingsSchema,
  TIMEZONES,
} from '../../../shared/settings';

/** The form holds numbers as the text typed, so a half-typed value is never lost. */
export type SettingsFormValues = { [K in keyof Settings]: Settings[K] extends number ? string : Settings[K] };
export type SettingsKey = keyof Settings;
export type SettingsErrors = Partial<Record<SettingsKey, string>>;

export type TabId = 'general' | 'profile' | 'security' | 'notifications' | 'system' | 'email';
export const TAB_IDS: readonly TabId[] = ['general', 'profile', 'security', 'notifications', 'system', 'email'];

export type FieldKind = 'text' | 'url' | 'email' | 'tel' | 'number' | 'select' | 'checkbox' | 'textarea' | 'offices';

export interface SettingsFieldDef {
  key: SettingsKey;
  label: string;
  kind: FieldKind;
  options?: readonly { value: string; label: string }[];
  hint?: string;
  /** Extra words after 'Not enforced yet' for settings the product does not act on. */
  notEnforcedDetail?: string;
  /** Shown like the not-enforced note: what the setting needs before it can act. */
  requirement?: string;
  placeholder?: string;
  autoComplete?: string;
  /** Span both columns of the tab's grid. */
  wide?: boolean;
}

export interface SettingsSection {
  title: string;
  description: string;
  fields: SettingsFieldDef[];
}

export interface SettingsTab {
  id: TabId;
  label: string;
  sections: SettingsSection[];
}

const TIMEZONE_LABELS: Record<(typeof TIMEZONES)[number], string> = {
  'UTC+4': 'UTC+4 (Dubai)',
  'UTC+0': 'UTC+0 (London, winter)',
  'UTC-5': 'UTC-5 (New York, winter)',
  'UTC-8': 'UTC-8 (Los Angeles, winter)',
};
const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = { en: 'English', ar: 'Arabic' };
export const PASSWORD_POLICY_LABELS: Record<(typeof PASSWORD_POLICIES)[number], string> = {
  basic: 'Basic (8+)',
  strong: 'Strong (12+)',
  enterprise: 'Enterprise (16+)',
};
const BACKUP_LABELS: Record<(typeof BACKUP_FREQUENCIES)[number], string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

const opts = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export const SETTINGS_TABS: SettingsTab[] = [
  {
    id: 'general',
    label: 'General',
    sections: [
      {
        title: 'Company',
        description: 'How the firm is named across the platform.',
        fields: [
          {
            key: 'companyName',
            label: 'Company name',
            kind: 'text',
            hint: 'Shown on the landing page, in the footer and in page titles.',
            autoComplete: 'organization',
          },
          {
            key: 'companyLogo',
            label: 'Company logo URL',
            kind: 'url',
            placeholder: 'https://',
            hint: 'Address of the logo image.',
            notEnforcedDetail: 'shown in e-mails only',
          },
          {
            key: 'timezone',
            label: 'Timezone',
            kind: 'select',
            options: opts(TIMEZONES, TIMEZONE_LABELS),
            hint: 'Decides what today is (due, due soon and overdue, the dashboard) and the time shown with every timestamp.',
          },
          {
            key: 'language',
            label: 'Language',
            kind: 'select',
            options: opts(LANGUAGES, LANGUAGE_LABELS),
            notEnforcedDetail: 'the interface is in English for now',
          },
        ],
      },
    ],
  },
  {
    id: 'profile',
    label: 'Company Profile',
    sections: [
      {
        title: 'Company profile',
        description:
          'Shown on the public landing page and to investors. A value left empty is not shown to them at all (never a placeholder).',
        fields: [
          { key: 'legalName', label: 'Legal name', kind: 'text', autoComplete: 'off', hint: 'The registered name, shown in the footer.' },
          { key: 'registeredOffice', label: 'Registered office', kind: 'text', autoComplete: 'off', wide: true },
        ],
      },
      {
        title: 'Offices',
        description: 'The offices listed on the landing page, in this order. Only the city is required.',
        fields: [{ key: 'offices', label: 'Offices', kind: 'offices', wide: true }],
      },
      {
        title: 'Investor relations',
        description: 'The contact for investors and the public (the landing page footer).',
        fields: [
          { key: 'investorRelationsName', label: 'Investor relations contact name', kind: 'text', autoComplete: 'off' },
          { key: 'investorRelationsEmail', label: 'Investor relations email', kind: 'email', autoComplete: 'off' },
          { key: 'investorRelationsPhone', label: 'Investor relations phone', kind: 'tel', autoComplete: 'off' },
        ],
      },
      {
        title: 'Regulatory details',
        description:
          'Shown to investors under Regulatory Information on the DFSA Compliance screen; the licence number also in the landing page footer.',
        fields: [
          { key: 'regulatorAuthorization', label: 'Regulator authorization', kind: 'text', wide: true },
          { key: 'licenseNumber', label: 'DFSA licence number', kind: 'text' },
          { key: 'clientClassification', label: 'Client classification', kind: 'text' },
          {
            key: 'classificationReview',
            label: 'Classification review',
            kind: 'text',
            hint: "How often the client's classification is reviewed.",
          },
          { key: 'complianceContactName', label: 'Compliance contact name', kind: 'text', autoComplete: 'off' },
          { key: 'complianceContactEmail', label: 'Compliance contact email', kind: 'email', autoComplete: 'off' },
          { key: 'complianceContactPhone', label: 'Compliance contact phone', kind: 'tel', autoComplete: 'off' },
        ],
      },
    ],
  },
  {
    id: 'security',
    label: 'Security',
    sections: [
      {
        title: 'Security',
        description: 'Sign-in and session rules.',
        fields: [
          {
            key: 'twoFactorAuth',
            label: 'Require two-factor authentication for admins',
            kind: 'checkbox',
            hint: 'Every admin sets up an authenticator app at the next sign-in and gives a code at each sign-in.',
          },
          {
            key: 'passwordPolicy',
            label: 'Password policy',
            kind: 'select',
            options: opts(PASSWORD_POLICIES, PASSWORD_POLICY_LABELS),
            hint: 'Applies to every new password; existing passwords stay valid until they are changed.',
          },
          {
            key: 'sessionTimeout',
            label: 'Session timeout (hours)',
            kind: 'number',
            hint: `Idle limit of new sessions. Every session ends after ${SESSION_ABSOLUTE_HOURS} hours.`,
          },
          {
            key: 'ipWhitelist',
            label: 'IP whitelist',
            kind: 'textarea',
            wide: true,
            placeholder: '203.0.113.10\n198.51.100.0/24',
            hint: 'Admins may sign in and use the API only from these IPv4/IPv6 addresses and CIDR ranges, one per line; empty allows every address.',
          },
        ],
      },
    ],
  },
  {
    id: 'notifications',
    label: 'Notifications',
    sections: [
      {
        title: 'Notifications',
        description: 'Which messages the platform sends.',
        fields: [
          {
            key: 'emailNotifications',
            label: 'Email notifications',
            kind: 'checkbox',
            hint: 'Every notification e-mail; each user also chooses theirs on their profile. Password recovery is always sent.',
          },
          {
            key: 'smsNotifications',
            label: 'SMS notifications',
            kind: 'checkbox',
            hint: 'Text messages for urgent events.',
            requirement: 'Requires an SMS provider',
          },
          { key: 'dealAlerts', label: 'Deal alerts', kind: 'checkbox', hint: 'E-mail investors when a new deal opens for subscription.' },
          {
            key: 'complianceAlerts',
            label: 'Compliance alerts',
            kind: 'checkbox',
            hint: 'One e-mail a day to admins listing compliance items overdue or due within 7 days.',
          },
        ],
      },
    ],
  },
  {
    id: 'system',
    label: 'System',
    sections: [
      {
        title: 'System',
        description: 'Data retention, backups and API limits.',
        fields: [
          { key: 'dataRetention', label: 'Data retention (years)', kind: 'number' },
          { key: 'backupFrequency', label: 'Backup frequency', kind: 'select', options: opts(BACKUP_FREQUENCIES, BACKUP_LABELS) },
          {
            key: 'apiRateLimit',
            label: 'API rate limit (requests per hour)',
            kind: 'number',
            hint: 'Per signed-in user; beyond it the API answers 429 until the hour is over.',
          },
          {
            key: 'investorStorageQuotaMb',
            label: 'Investor storage quota (MB)',
            kind: 'number',
            hint: 'Files each investor may store: KYC documents and message attachments.',
          },
        ],
      },
    ],
  },
  {
    id: 'email',
    label: 'Email',
    sections: [
      {
        title: 'Email server',
        description: 'The SMTP server outgoing e-mail uses. Save, then send a test e-mail below.',
        fields: [
          {
            key: 'smtpHost',
            label: 'SMTP host',
            kind: 'text',
            placeholder: 'smtp.example.com',
            autoComplete: 'off',
            hint: 'STARTTLS is required unless the server is on this machine. SMTP_URL on the server overrides host, port and user.',
          },
          { key: 'smtpPort', label: 'SMTP port', kind: 'number', hint: '587 for STARTTLS, 465 for TLS from the start.' },
          {
            key: 'smtpUser',
            label: 'SMTP user',
            kind: 'text',
            autoComplete: 'off',
            hint: 'The password is read from the SMTP_PASSWORD environment variable and never stored here.',
          },
          { key: 'emailFromAddress', label: 'From address', kind: 'email', placeholder: 'noreply@example.com', autoComplete: 'off' },
        ],
      },
    ],
  },
];

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

function rangeMessage(def: SettingsFieldDef): string {
  const { min, max } = limitsOf(def.key);
  const name = def.label.replace(/\s*\(.*\)$/, '');
  const unit = /\(([^)]+)\)$/.exec(def.label)?.[1];
  return `${name} must be a whole number from ${min?.toLocaleString('en-US')} to ${max?.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;
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
      errors[key] = `Office ${issue.path[1] + 1}: ${issue.message}`;
      continue;
    }
    // The schema's own words where it has them ('Port must be 1-65535'); a clear range otherwise.
    const generic = /^(Too (small|big)|Invalid input)/.test(issue.message);
    errors[key] = def?.kind === 'number' && generic ? rangeMessage(def) : issue.message;
  }
  return { data: null, errors };
}

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
    if (TAB_OF.has(key) && !out[key])
      out[key] = key === 'offices' && index && /^\d+$/.test(index) ? `Office ${Number(index) + 1}: ${v}` : v;
  }
  return out;
}
