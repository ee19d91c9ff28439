import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { daysUntil, todayIso } from './dates.ts';
import { moneyInput } from './money-input.ts';

export const SPV_STATUSES = ['Active', 'Dormant', 'Dissolved'] as const;
export type SpvStatus = (typeof SPV_STATUSES)[number];

export interface Spv {
  id: string;
  name: string;
  jurisdiction: string;
  /** ISO date (YYYY-MM-DD). */
  annualReturnDue: string;
  bankBalance: string;
  advisoryFeeFlow: string | null;
  status: SpvStatus;
  /** Payment instructions shown on capital call notices (all null when not set). */
  bankName: string | null;
  accountName: string | null;
  /** An IBAN (stored without spaces) or a domestic account number. */
  accountNumber: string | null;
  swiftCode: string | null;
  paymentReference: string | null;
  createdAt: string;
}

/** The payment-instruction fields of an SPV, in form order. */
export const PAYMENT_FIELDS = ['bankName', 'accountName', 'accountNumber', 'swiftCode', 'paymentReference'] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];

/** IBAN lengths of the countries the group banks in (ISO 13616 registry); others are checked by format and check digits. */
const IBAN_LENGTHS: Record<string, number> = {
  AE: 23,
  BE: 16,
  CH: 21,
  CY: 28,
  DE: 22,
  DK: 18,
  ES: 24,
  FR: 27,
  GB: 22,
  IE: 22,
  IT: 27,
  LU: 20,
  MU: 30,
  NL: 18,
  NO: 15,
  PT: 25,
  QA: 29,
  SA: 24,
  SC: 31,
  SE: 24,
  BH: 22,
  JO: 30,
  KW: 30,
  EG: 29,
};

const compact = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();
const looksLikeIban = (v: string) => /^[A-Z]{2}/.test(compact(v));

/** ISO 7064 MOD 97-10 on the rearranged IBAN (digits processed in chunks: no big numbers). */
export function ibanChecksumOk(iban: string): boolean {
  const s = compact(iban);
  const rearranged = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** Why an account number or IBAN is not acceptable, or null when it is. */
export function accountNumberProblem(value: string): string | null {
  const v = compact(value);
  if (looksLikeIban(v)) {
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v))
      return 'An IBAN is a 2-letter country code, 2 check digits and up to 30 letters or digits (e.g. GB82 WEST 1234 5698 7654 32)';
    const expected = IBAN_LENGTHS[v.slice(0, 2)];
    if (expected && v.length !== expected) return `A ${v.slice(0, 2)} IBAN has ${expected} characters; this one has ${v.length}`;
    if (!ibanChecksumOk(v)) return "This IBAN's check digits do not match: look for a typing error";
    return null;
  }
  if (!/^\d{4,34}$/.test(v)) return 'Enter an IBAN, or an account number of 4 to 34 digits';
  return null;
}

/** Why a SWIFT/BIC code is not acceptable, or null when it is. */
export function swiftProblem(value: string): string | null {
  const v = compact(value);
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v))
    return 'A SWIFT/BIC code has 8 or 11 characters: bank (4 letters), country (2 letters), location (2) and an optional branch (3), e.g. MCBLMUMU';
  return null;
}

/** An IBAN in groups of four for reading; an account number as stored. */
export function formatAccountNumber(value: string | null): string | null {
  if (value === null) return null;
  return looksLikeIban(value) ? compact(value).replace(/(.{4})(?=.)/g, '$1 ') : value;
}

const PAYMENT_LABELS: Record<PaymentField, string> = {
  bankName: 'Bank name',
  accountName: 'Account holder',
  accountNumber: 'Account number or IBAN',
  swiftCode: 'SWIFT/BIC code',
  paymentReference: 'Payment reference',
};

/**
 * Payment instructions are all or nothing (the reference is optional): a notice with a bank
 * but no account would send investors' money nowhere. Returns field errors.
 */
export function paymentInstructionIssues(
  p: Partial<Record<PaymentField, string | null | undefined>>,
): Partial<Record<PaymentField, string>> {
  const given = PAYMENT_FIELDS.some((f) => p[f]);
  if (!given) return {};
  const issues: Partial<Record<PaymentField, string>> = {};
  for (const f of ['bankName', 'accountName', 'accountNumber', 'swiftCode'] as const) {
    if (!p[f]) issues[f] = `${PAYMENT_LABELS[f]} is required in payment instructions`;
  }
  return issues;
}

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable()
      .optional(),
  );

const spvFields = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  jurisdiction: z.string({ error: 'Jurisdiction is required' }).trim().min(1, 'Jurisdiction is required').max(100),
  annualReturnDue: isoDate('Annual return due date is required'),
  bankBalance: moneyInput('Bank balance'),
  advisoryFeeFlow: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(300).nullable().optional(),
  ),
  status: z.enum(SPV_STATUSES, { error: 'Choose a valid status' }).default('Active'),
  bankName: optionalText(200, 'Bank name'),
  accountName: optionalText(200, 'Account holder'),
  accountNumber: optionalText(60, 'Account number or IBAN')
    .refine((v) => !v || accountNumberProblem(v) === null, { error: (i) => accountNumberProblem(String(i.input)) ?? 'Invalid' })
    .transform((v) => (v ? compact(v) : v)),
  swiftCode: optionalText(20, 'SWIFT/BIC code')
    .refine((v) => !v || swiftProblem(v) === null, { error: (i) => swiftProblem(String(i.input)) ?? 'Invalid' })
    .transform((v) => (v ? compact(v) : v)),
  paymentReference: optionalText(140, 'Payment reference'),
});

export const spvInput = spvFields.superRefine((v, ctx) => {
  for (const [path, message] of Object.entries(paymentInstructionIssues(v))) ctx.addIssue({ code: 'custom', path: [path], message });
});
export type SpvInput = z.input<typeof spvInput>;
/**
 * PATCH body: any field; no defaults, so an omitted field is left as it is. Whether the payment
 * instructions are complete is checked on the merged record (the service).
 */
export const spvUpdateInput = spvFields.extend({ status: z.enum(SPV_STATUSES, { error: 'Choose a valid status' }) }).partial();

/** Flag an SPV whose annual return is overdue or due within 30 days. */
export function spvReturnFlag(annualReturnDue: string, today: string = todayIso()): 'overdue' | 'due_soon' | null {
  const days = daysUntil(annualReturnDue, today);
  if (days < 0) return 'overdue';
  if (days <= 30) return 'due_soon';
  return null;
}

/** Kept for the screens that import it with the SPV rules: the date module's day count. */
export { daysUntil } from './dates.ts';
