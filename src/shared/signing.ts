import { z } from 'zod';
import { ADMIN_USER_TYPES } from './constants.ts';
import { addDays, dayInZone, dayNumber, dayStartInZone } from './dates.ts';

/**
 * Subscription documents signed in the product (issue 30, decision record 036): a deal's
 * subscription pack (the agreement template and the fields placed on it), one envelope per
 * signing of a subscription, and its append-only trail of events.
 */

/** What a placed field shows. Values are filled by the server, never sent by a client. */
export const FIELD_KINDS = [
  'investor_name',
  'entity',
  'amount',
  'date',
  'investor_signature',
  'investor_initials',
  'gp_signature',
  'gp_name_title',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/**
 * The fields a pack needs before its deal can take subscriptions: where the investor signs and
 * where the firm countersigns, and whose commitment it is (name and amount).
 */
export const REQUIRED_FIELD_KINDS: readonly FieldKind[] = ['investor_name', 'amount', 'investor_signature', 'gp_signature'];

export const FIELD_LABELS: Record<FieldKind, string> = {
  investor_name: 'Investor name',
  entity: 'Entity',
  amount: 'Amount',
  date: 'Date',
  investor_signature: 'Investor signature',
  investor_initials: 'Investor initials',
  gp_signature: 'GP signature',
  gp_name_title: 'GP name and title',
};

/** A field placed on a template page, in PDF points from the page's bottom-left corner. */
export const placedField = z.object({
  page: z.number().int().min(1, 'Pages start at 1').max(500),
  x: z.number().min(0).max(5000),
  y: z.number().min(0).max(5000),
  w: z.number().min(4, 'A field is at least 4 points wide').max(5000),
  h: z.number().min(4, 'A field is at least 4 points high').max(5000),
  kind: z.enum(FIELD_KINDS),
});
export type PlacedField = z.infer<typeof placedField>;
export const MAX_FIELDS = 200;
export const placedFields = z.array(placedField).max(MAX_FIELDS, 'At most 200 fields');

/** The multipart text field carrying the placed fields as JSON. */
export const packUploadFields = z.object({
  fields: z
    .string()
    .max(100_000)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The fields are not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(placedFields),
});

/** A new version with the same template and other fields (placement in the browser). */
export const packFieldsInput = z.object({ fields: placedFields });

export interface SubscriptionPack {
  id: string;
  dealId: string;
  version: number;
  fileName: string;
  byteSize: number;
  sha256: string;
  pageCount: number;
  fields: PlacedField[];
  createdAt: string;
  /** Field kinds still needed before the deal can take subscriptions (empty when complete). */
  missing: FieldKind[];
}

/** The message naming what a pack still needs (409 when a deal without a complete pack is subscribed to). */
export function packMissingMessage(missing: readonly FieldKind[] | null): string {
  if (missing === null) return "This deal has no subscription agreement yet: upload one in the deal's subscription pack.";
  return `This deal's subscription agreement is missing these fields: ${missing.map((k) => FIELD_LABELS[k]).join(', ')}.`;
}

export function missingKinds(fields: readonly PlacedField[]): FieldKind[] {
  return REQUIRED_FIELD_KINDS.filter((k) => !fields.some((f) => f.kind === k));
}

export const ENVELOPE_STATUSES = ['sent', 'signed', 'executed', 'declined', 'voided', 'expired'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

/** An investor's pack status on a deal, as the admin's table shows it. */
export const PACK_STATUSES = ['not_started', 'in_progress', 'signed_by_investor', 'executed', 'declined', 'expired', 'voided'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];
export const PACK_STATUS_OF: Record<EnvelopeStatus, PackStatus> = {
  sent: 'in_progress',
  signed: 'signed_by_investor',
  executed: 'executed',
  declined: 'declined',
  voided: 'voided',
  expired: 'expired',
};

export const EVENT_KINDS = ['created', 'viewed', 'signed', 'declined', 'countersigned', 'voided', 'expired', 'reminder_sent'] as const;
export type SigningEventKind = (typeof EVENT_KINDS)[number];

export interface SigningEvent {
  seq: number;
  kind: SigningEventKind;
  actorName: string | null;
  ip: string | null;
  at: string;
  details: Record<string, unknown>;
}

export interface Envelope {
  id: string;
  subscriptionId: string;
  dealId: string;
  dealTitle: string;
  investorId: string;
  investorName: string;
  investorEmail: string;
  amount: string;
  status: EnvelopeStatus;
  packVersion: number;
  pageCount: number;
  documentSha256: string;
  executedSha256: string | null;
  expiresAt: string;
  signedAt: string | null;
  executedAt: string | null;
  reason: string | null;
  createdAt: string;
  events: SigningEvent[];
}

/**
 * Envelopes expire after this many days unless the deal closes earlier (issue 30: "the pack
 * expires after the deal's close date or a configurable number of days"). The firm's setting
 * (Signing settings, `envelopeDays`) overrides it. An envelope opened on company day D may be
 * signed through company day D + days and expires at the midnight that ends it, in the
 * company's zone (decision 036, 27 Nov 2026, second section).
 */
export const DEFAULT_ENVELOPE_DAYS = 30;

/** When an envelope opened on company day `today` expires: the start of day today + days + 1 in the zone. */
export const envelopeExpiresAt = (today: string, days: number, zone: string): Date => dayStartInZone(addDays(today, days + 1), zone);

/** The last company day on which an envelope expiring at `expiresAt` can be signed. */
export const lastSigningDay = (expiresAt: Date | string, zone: string): string =>
  dayInZone(new Date(new Date(expiresAt).getTime() - 1), zone);

/**
 * Scheduled reminders to sign (issue 30: "reminders through the e-mail outbox"): one e-mail when
 * at most this many company days are left before the last day to sign (7: a week's notice; 1:
 * the day before). An envelope first seen inside a window gets only that window's reminder;
 * none is sent on an envelope already signed, expired, voided or declined. The firm's manual
 * reminder (resend) is apart from these.
 */
export const SIGNING_REMINDER_DAYS_BEFORE = [7, 1] as const;

/**
 * The reminder stage due on company day `today` for an envelope whose last signing day is
 * `lastDay`, or null (none due yet, or the last day has passed). `sent` are the stages already
 * sent: a stage is due only when neither it nor a later (smaller) stage was sent.
 */
export function reminderStageDue(lastDay: string, today: string, sent: readonly number[]): number | null {
  const left = dayNumber(lastDay) - dayNumber(today);
  if (left < 0) return null;
  const due = [...SIGNING_REMINDER_DAYS_BEFORE].filter((s) => left <= s).sort((a, b) => a - b)[0];
  if (due === undefined) return null;
  if (sent.some((s) => s <= due)) return null;
  return due;
}

/** Admin types allowed to countersign unless the firm's setting says otherwise (issue 30). */
export const DEFAULT_COUNTERSIGN_TYPES: readonly (typeof ADMIN_USER_TYPES)[number][] = ['founder', 'legal'];

/** An admin's reminder to sign (resend of an open envelope): at most one per this many minutes. */
export const RESEND_REMINDER_GAP_MINUTES = 60;

/** A drawn signature: a PNG data URL from the pad; at most this many bytes once decoded. */
export const MAX_SIGNATURE_PNG_BYTES = 200_000;

const reauth = {
  /** The account password, for an investor without a second factor. */
  password: z.string().max(200).optional(),
  /** The authenticator code, for an investor with two-factor authentication. */
  code: z.string().trim().max(20).optional(),
};

export const signInput = z.object({
  consent: z.literal(true, { error: 'Confirm that you agree to sign electronically' }),
  method: z.enum(['typed', 'drawn']),
  typedName: z.string().trim().max(120).optional(),
  drawing: z
    .string()
    .max(Math.ceil((MAX_SIGNATURE_PNG_BYTES * 4) / 3) + 40, 'The drawn signature is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'The drawn signature must be a PNG image')
    .optional(),
  ...reauth,
});

export const countersignInput = z.object({
  name: z.string().trim().min(1, 'Enter the signatory name').max(120),
  title: z.string().trim().min(1, 'Enter the signatory title').max(120),
  ...reauth,
});

export const reasonInput = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(1000, 'At most 1,000 characters'),
});

/** Why an envelope in this state cannot take the action asked (409): one fixed message per state. */
export const ENVELOPE_STATE_MESSAGES: Record<EnvelopeStatus, string> = {
  sent: "This agreement is waiting for the investor's signature.",
  signed: 'This agreement is already signed by the investor.',
  executed: 'This agreement is already fully signed.',
  declined: 'This agreement was declined.',
  voided: 'This agreement was voided.',
  expired: 'This agreement has expired. Ask the firm to send a new one.',
};

export const SIGNING_MESSAGES = {
  noFile: 'Choose the subscription agreement (a PDF) to upload',
  encrypted: 'This PDF is encrypted or password-protected. Upload an unprotected copy.',
  malformed: 'This file is not a readable PDF.',
  noSignatureField: 'Place at least one investor signature field on the agreement.',
  fieldOffPage: (page: number) => `A field is placed on page ${page}, which the agreement does not have.`,
  fieldOutside: (page: number) => `A field on page ${page} extends beyond the page.`,
  envelopeNotFound: 'Signing envelope not found',
  packNotFound: 'This deal has no subscription agreement yet',
  busy: 'This agreement is being signed in another request. Reload the page to see its state.',
  noAgreement: 'This subscription has no agreement to sign',
  fileMissing: 'The file for this agreement is missing',
  onlyFounder: 'Only a founder can change who may countersign',
  drawingTooLarge: 'The drawn signature is too large',
  drawingUnreadable: 'The drawn signature is not a readable PNG image',
  tooManyAttempts: 'Too many wrong attempts to confirm your identity. Try again in {minutes}.',
  typedNameRequired: 'Type your full name to sign',
  typedNameMismatch: 'Type your name as it appears on the agreement',
  drawingRequired: 'Draw your signature on the pad',
  wrongPassword: 'The password is incorrect',
  wrongCode: 'The code is incorrect',
  passwordRequired: 'Enter your password to sign',
  codeRequired: 'Enter the code from your authenticator app to sign',
  notAuthorisedToCountersign: 'Your admin type is not authorised to countersign agreements (Settings: who may countersign).',
  newerEnvelope: 'A newer agreement is already open for this subscription.',
  reminderTooSoon: 'A reminder was sent less than an hour ago. Try again later.',
  investorInactive: 'The investor account is not active, so no e-mail can be sent.',
  dealClosed: 'This deal is closed: its subscription agreements can no longer be signed.',
  notExecuted: 'This subscription completes when its agreement is fully signed: the investor signs and an authorised admin countersigns.',
} as const;

/** How many days an agreement may stay open to sign (the Settings screen shows these bounds). */
export const ENVELOPE_DAYS_MIN = 1;
export const ENVELOPE_DAYS_MAX = 365;

/** The firm's signing settings (stored under the settings key 'signing'; a founder changes them). */
export const signingSettingsSchema = z.object({
  countersignAdminTypes: z.array(z.enum(ADMIN_USER_TYPES)).min(1, 'Choose at least one admin type').max(ADMIN_USER_TYPES.length),
  /** Days an envelope stays open for the investor to sign. */
  envelopeDays: z.number().int().min(ENVELOPE_DAYS_MIN, 'Between 1 and 365 days').max(ENVELOPE_DAYS_MAX, 'Between 1 and 365 days'),
});
export type SigningSettings = z.infer<typeof signingSettingsSchema>;
export const DEFAULT_SIGNING_SETTINGS: SigningSettings = {
  countersignAdminTypes: [...DEFAULT_COUNTERSIGN_TYPES],
  envelopeDays: DEFAULT_ENVELOPE_DAYS,
};

/**
 * The questionnaire before the agreement is generated (issue 30: "pre-filled from the profile,
 * KYC, classification and tax forms the product already holds; the investor confirms or
 * corrects"). GET /api/investor/subscriptions/:id/questionnaire answers this; the facts held
 * elsewhere (KYC, DFSA classification, tax self-certification) are shown to confirm and are
 * corrected where they are kept (the DFSA Compliance page), so the questionnaire never forks them.
 */
export interface SigningQuestionnaire {
  /** The account name (the agreement's investor name; a typed signature must match it). */
  name: string;
  /** The pre-filled subscribing entity: the account name (an entity investor's account is the entity's). */
  entity: string;
  investorType: 'hni' | 'family_office' | 'offshore_fund' | null;
  address: string | null;
  /** ISO 3166 alpha-2 country of residence, as on the profile. */
  residenceCountry: string | null;
  nationality: string | null;
  kycStatus: 'not_started' | 'pending' | 'in_review' | 'approved' | 'rejected';
  classification: { state: 'none' | 'pending' | 'professional' | 'market_counterparty' | 'retail'; reviewDue: string | null };
  /** The tax self-certification in force (FATCA/CRS), or null when none is signed. */
  tax: {
    kind: 'individual' | 'entity';
    version: number;
    signedAt: string;
    /** Tax residencies; `tin` null when a no-TIN reason was given. */
    residences: { country: string; tin: string | null }[];
    /** A US person for FATCA (an individual's answer; an entity classed as a specified US person). */
    usPerson: boolean;
  } | null;
}

/** What the investor confirms before the agreement is generated (the questionnaire's answers that go into it). */
export const openEnvelopeInput = z.object({
  /** The name the investor subscribes in: their own, or their entity's. */
  entity: z.string().trim().max(200, 'At most 200 characters').optional(),
  /**
   * The questionnaire's answers as confirmed (the signing page always sends them): the address as
   * corrected, and that the facts shown are correct. Recorded on the envelope's `created` event.
   */
  questionnaire: z
    .strictObject({
      address: z.string().trim().min(1, 'Enter your address').max(500, 'At most 500 characters'),
      confirmed: z.literal(true, { error: 'Confirm that these details are correct' }),
    })
    .optional(),
});

/** The admin's per-deal table: one row per subscription. */
export interface PackStatusRow {
  subscriptionId: string;
  investorName: string;
  investorEmail: string;
  amount: string;
  status: PackStatus;
  envelopeId: string | null;
  createdAt: string | null;
  signedAt: string | null;
  executedAt: string | null;
  closedAt: string | null;
}

/** GET /api/signing/envelopes: the countersign queue is `status=signed`. */
export const envelopeListQuery = z.object({
  status: z.enum(ENVELOPE_STATUSES).optional(),
  dealId: z.uuid('Not a deal id').optional(),
});
