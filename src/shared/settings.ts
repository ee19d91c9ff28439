import { z } from 'zod';
import { LANGUAGES, type Language } from './i18n/languages.ts';
import { DEFAULT_REFRESH_MONTHS, refreshMonthsSchema } from './risk-rating.ts';

export { LANGUAGES, type Language };

/**
 * The company's time zone setting (decision record 020, issue 27 item 14): any IANA zone the
 * runtime knows ('Africa/Nairobi'), or one of the spec's four UTC offsets (section 9), kept as
 * they are for existing settings. Each offset means one IANA zone (its standard offset; zones with
 * summer time follow it: New York is UTC-4 in summer, as the people in it are).
 */
export const TIMEZONES = ['UTC+4', 'UTC+0', 'UTC-5', 'UTC-8'] as const;
export type OffsetTimezoneSetting = (typeof TIMEZONES)[number];
/** 'UTC+4' or an IANA zone such as 'Africa/Nairobi'. */
export type TimezoneSetting = string;

export const ZONE_OF_SETTING: Record<OffsetTimezoneSetting, string> = {
  'UTC+4': 'Asia/Dubai',
  'UTC+0': 'UTC',
  'UTC-5': 'America/New_York',
  'UTC-8': 'America/Los_Angeles',
};

/** The firm's own zones, offered first (its offices: Nairobi, Dubai, Port Louis). */
export const FIRST_ZONES = ['Africa/Nairobi', 'Asia/Dubai', 'Indian/Mauritius'] as const;

const isOffsetSetting = (v: string): v is OffsetTimezoneSetting => (TIMEZONES as readonly string[]).includes(v);
/** Area/Location names ('America/Argentina/Buenos_Aires', 'Etc/GMT+3', 'UTC'): nothing else reaches Intl. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

const canonical = new Map<string, string | null>();
/** The zone's canonical IANA name ('asia/dubai' -> 'Asia/Dubai'), or null when the runtime does not know it. */
export function canonicalZone(zone: string): string | null {
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return null;
  let known = canonical.get(zone);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      known = null;
    }
    // Bounded: names are checked above, and a runtime knows a few hundred zones.
    if (canonical.size < 2000) canonical.set(zone, known);
  }
  return known;
}

/** Every IANA zone, the firm's own first, then the rest alphabetically ('UTC' included). */
export function zoneOptions(all: readonly string[] = supportedZones()): string[] {
  const first = FIRST_ZONES as readonly string[];
  const rest = [...new Set([...all, 'UTC'])].filter((z) => !first.includes(z)).sort();
  return [...first, ...rest];
}

/** The runtime's zones (Intl.supportedValuesOf), or the firm's own where it has none. */
export function supportedZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [...FIRST_ZONES];
  } catch {
    return [...FIRST_ZONES];
  }
}

/** A setting value: an offset as it is, a zone in its canonical name; bad values are refused with a field message. */
export const timezoneSetting = z
  .string({ error: 'Choose a time zone from the list' })
  .trim()
  .transform((v, ctx) => {
    if (isOffsetSetting(v)) return v;
    const zone = canonicalZone(v);
    if (!zone) {
      ctx.addIssue({ code: 'custom', message: 'Choose a time zone from the list' });
      return z.NEVER;
    }
    return zone;
  });

/** The company's IANA time zone: it decides what "today" is and how instants are shown. */
export const companyZone = (s: Pick<Settings, 'timezone'>): string =>
  isOffsetSetting(s.timezone) ? ZONE_OF_SETTING[s.timezone] : (canonicalZone(s.timezone) ?? 'Asia/Dubai');
export const PASSWORD_POLICIES = ['basic', 'strong', 'enterprise'] as const;
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

const optionalEmail = z.union([z.literal(''), z.email('Enter a valid email address')]);

/** One office of the firm, as the landing page lists it. Only the city is required. */
export const officeSchema = z.object({
  city: z.string().trim().min(1, 'Enter the city').max(80),
  role: z.string().trim().max(120).default(''),
  address: z.string().trim().max(300).default(''),
  phone: z.string().trim().max(40).default(''),
  email: optionalEmail.default(''),
});
export type Office = z.infer<typeof officeSchema>;
export const MAX_OFFICES = 6;

/** A landing-page figure ('$500M+', '150+'): short, with a digit; empty when not claimed. */
const claimFigure = z
  .string()
  .trim()
  .max(16, 'At most 16 characters, such as $500M+')
  .refine((v) => v === '' || /\d/.test(v), 'Enter a figure with digits, such as 150+ or $500M+');
/** A landing-page statement (a sentence); empty when not claimed. */
const claimText = z.string().trim().max(200, 'At most 200 characters');

export const settingsSchema = z.object({
  companyName: z.string().trim().min(1, 'Company name is required').max(120),
  companyLogo: z.string().trim().max(500).default(''),
  timezone: timezoneSetting,
  language: z.enum(LANGUAGES),
  twoFactorAuth: z.boolean(),
  passwordPolicy: z.enum(PASSWORD_POLICIES),
  sessionTimeout: z.number().int().min(1, 'Session timeout must be 1 to 24 hours').max(24, 'Session timeout must be 1 to 24 hours'),
  ipWhitelist: z.string().max(2000),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  dealAlerts: z.boolean(),
  complianceAlerts: z.boolean(),
  dataRetention: z.number().int().min(1).max(50),
  backupFrequency: z.enum(BACKUP_FREQUENCIES),
  apiRateLimit: z.number().int().min(1).max(1_000_000),
  investorStorageQuotaMb: z
    .number()
    .int()
    .min(1, 'Storage quota must be 1 MB to 1,000,000 MB')
    .max(1_000_000, 'Storage quota must be 1 MB to 1,000,000 MB'),
  smtpHost: z.string().trim().max(255),
  smtpPort: z.number().int().min(1, 'Port must be 1-65535').max(65535, 'Port must be 1-65535'),
  smtpUser: z.string().trim().max(255),
  emailFromAddress: z.union([z.literal(''), z.email('Enter a valid email address')]),
  // Regulatory details shown to investors; one left empty is not shown to them at all.
  regulatorAuthorization: z.string().trim().max(300),
  licenseNumber: z.string().trim().max(100),
  clientClassification: z.string().trim().max(100),
  classificationReview: z.string().trim().max(100),
  complianceContactName: z.string().trim().max(120),
  complianceContactEmail: z.union([z.literal(''), z.email('Enter a valid email address')]),
  complianceContactPhone: z.string().trim().max(40),
  // The company profile shown on the landing page and to investors; an empty value is not shown.
  legalName: z.string().trim().max(200),
  registeredOffice: z.string().trim().max(300),
  offices: z.array(officeSchema).max(MAX_OFFICES, `At most ${MAX_OFFICES} offices`),
  investorRelationsName: z.string().trim().max(120),
  investorRelationsEmail: optionalEmail,
  investorRelationsPhone: z.string().trim().max(40),
  // The disclaimer at the foot of every statement and notice, in the reader's language (issue 26).
  documentDisclaimer: z.string().trim().max(2000),
  documentDisclaimerAr: z.string().trim().max(2000),
  // The landing page's claims (issue 27 item 13): a financial promotion, so each is the firm's own
  // statement, set here; an empty one is not shown. The number of offices is the offices above.
  claimAssetsUnderManagement: claimFigure,
  claimInvestors: claimFigure,
  claimCompletedDeals: claimFigure,
  claimPresence: claimText,
  claimPresenceAr: claimText,
  // Months between periodic KYC refreshes by risk rating (issue 31 part 4, decision 050).
  kycRefreshMonthsHigh: refreshMonthsSchema,
  kycRefreshMonthsMedium: refreshMonthsSchema,
  kycRefreshMonthsLow: refreshMonthsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * The disclaimer statements and notices carry until the operator writes their own (Settings >
 * Company profile). Plain words a DFSA firm's documents usually carry: information only, not an
 * offer, unaudited figures, professional clients only, questions to the firm.
 */
export const DEFAULT_DISCLAIMER = {
  en: 'This document is provided for information only to the named investor and does not constitute an offer, solicitation or advice. Figures are unaudited and may be revised; past performance is not a reliable indicator of future results. It is intended only for Professional Clients as defined by the DFSA. Please contact us at once if anything in it is not as you expect.',
  ar: 'هذا المستند مقدَّم للمستثمر المذكور فيه لأغراض الاطلاع فقط، ولا يُعد عرضًا أو دعوة أو مشورة. الأرقام غير مدققة وقد تُعدَّل، والأداء السابق ليس مؤشرًا موثوقًا على النتائج المستقبلية. وهو موجَّه فقط إلى العملاء المهنيين وفق تعريف سلطة دبي للخدمات المالية. يُرجى التواصل معنا فورًا إذا وجدت فيه ما لا يطابق توقعاتك.',
} as const;

export const DEFAULT_SETTINGS: Settings = {
  companyName: 'Meridian Capital Group',
  companyLogo: '',
  timezone: 'UTC+4',
  language: 'en',
  twoFactorAuth: true,
  passwordPolicy: 'strong',
  sessionTimeout: 8,
  ipWhitelist: '',
  emailNotifications: true,
  smsNotifications: false,
  dealAlerts: true,
  complianceAlerts: true,
  dataRetention: 7,
  backupFrequency: 'daily',
  apiRateLimit: 1000,
  investorStorageQuotaMb: 1024,
  smtpHost: '',
  smtpPort: 587,
  smtpUser: '',
  emailFromAddress: '',
  regulatorAuthorization: 'Authorised and regulated by the Dubai Financial Services Authority (DFSA)',
  // Not set until the operator enters them (no placeholder is ever shown as a fact).
  licenseNumber: '',
  clientClassification: 'Professional Client',
  classificationReview: 'Reviewed annually',
  complianceContactName: '',
  complianceContactEmail: '',
  complianceContactPhone: '',
  legalName: '',
  registeredOffice: '',
  offices: [],
  investorRelationsName: '',
  investorRelationsEmail: '',
  investorRelationsPhone: '',
  documentDisclaimer: DEFAULT_DISCLAIMER.en,
  documentDisclaimerAr: DEFAULT_DISCLAIMER.ar,
  claimAssetsUnderManagement: '',
  claimInvestors: '',
  claimCompletedDeals: '',
  claimPresence: '',
  claimPresenceAr: '',
  kycRefreshMonthsHigh: DEFAULT_REFRESH_MONTHS.high,
  kycRefreshMonthsMedium: DEFAULT_REFRESH_MONTHS.medium,
  kycRefreshMonthsLow: DEFAULT_REFRESH_MONTHS.low,
};

/** Settings the product stores and shows but does not act on yet: the screen says so next to each. */
export const NOT_ENFORCED_SETTINGS: ReadonlySet<keyof Settings> = new Set<keyof Settings>([
  'companyLogo',
  'dataRetention',
  'backupFrequency',
]);

/**
 * The Security tab (issue 27): who may sign in, from where, how often and how much. Only a
 * founder changes these (the server answers 403 to other admins, and the tab is read-only for
 * them); the other tabs stay open to every admin (decision record 027).
 */
export const SECURITY_SETTINGS = [
  'twoFactorAuth',
  'passwordPolicy',
  'sessionTimeout',
  'ipWhitelist',
  'apiRateLimit',
  'investorStorageQuotaMb',
] as const satisfies readonly (keyof Settings)[];
export type SecuritySettingKey = (typeof SECURITY_SETTINGS)[number];
export const isSecuritySetting = (key: string): key is SecuritySettingKey => (SECURITY_SETTINGS as readonly string[]).includes(key);

/** What the server answers a non-founder who changes a Security setting (and the tab says why it is read-only). */
export const SECURITY_FOUNDERS_ONLY = 'Only a founder can change the Security settings';

/**
 * The e-mail server (the Email tab's server section) is the founders' too (decision record 027,
 * amended): every password-recovery link goes out through it, and SMTP_PASSWORD is sent to the
 * host named here. An admin who could point it at their own server would receive a founder's
 * recovery link (and the SMTP password), and so get round the Security tab's rule.
 */
export const EMAIL_SERVER_SETTINGS = [
  'smtpHost',
  'smtpPort',
  'smtpUser',
  'emailFromAddress',
] as const satisfies readonly (keyof Settings)[];
export const isEmailServerSetting = (key: string): boolean => (EMAIL_SERVER_SETTINGS as readonly string[]).includes(key);
/** What the server answers a non-founder who changes the e-mail server (and the section says why it is read-only). */
export const EMAIL_SERVER_FOUNDERS_ONLY = 'Only a founder can change the e-mail server';
/** Settings only a founder may change: the Security tab and the e-mail server. */
export const isFounderOnlySetting = (key: string): boolean => isSecuritySetting(key) || isEmailServerSetting(key);
