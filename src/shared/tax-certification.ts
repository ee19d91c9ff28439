import { z } from 'zod';
import { MAX_SIGNATURE_PNG_BYTES, SIGNING_MESSAGES } from './signing.ts';

/**
 * FATCA / CRS tax self-certification (issue 31 part 3, decision record 049). The rules, in one
 * place, with where each comes from:
 *
 * - CRS: the OECD Common Reporting Standard, applied in the UAE (and so in the DIFC) by Cabinet
 *   Resolution No. 93 of 2021 on CRS and the Ministry of Finance's CRS guidance. A new account
 *   needs a self-certification of every tax residence with its TIN, or a reason for no TIN (the
 *   OECD model self-certification's reasons A, B and C; B needs an explanation). An entity states
 *   its CRS entity type; a Passive NFE (and an Investment Entity managed by a Financial Institution
 *   in a non-participating jurisdiction, treated as a Passive NFE) also certifies its Controlling
 *   Persons' tax residences (CRS Section VI.A.2, VIII.D.6, VIII.D.9.b).
 * - FATCA: the UAE-US Model 1 Intergovernmental Agreement (2015) and its Annex I. An individual
 *   states whether they are a US person (citizen or resident) and gives a US TIN if so; an entity
 *   states its FATCA classification (with a GIIN for a registered Foreign Financial Institution,
 *   and a US TIN for a specified US person); a Passive NFFE names its controlling persons (Annex I
 *   section IV.D / VI.B.4).
 * - A change of circumstances (a new address or tax residence) makes the certification unreliable:
 *   the account holder must give a new one within 90 days (CRS Commentary on Section VII,
 *   paragraph 9, the "90 calendar days" of the OECD guidance, as the UAE guidance applies it).
 *   After that day new subscriptions are refused until a new certification is signed.
 */

/** ISO 3166-1 alpha-2 codes (officially assigned, 249). */
export const ISO_COUNTRIES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(ISO_COUNTRIES);
export const isIsoCountry = (code: string) => COUNTRY_SET.has(code);

/** The OECD model self-certification's reasons for giving no TIN. */
export const NO_TIN_REASONS = ['A', 'B', 'C'] as const;
export type NoTinReason = (typeof NO_TIN_REASONS)[number];
export const NO_TIN_REASON_TEXT: Record<NoTinReason, string> = {
  A: 'The country where I am (the entity is) resident does not issue TINs to its residents',
  B: 'I am (the entity is) otherwise unable to obtain a TIN (explain why)',
  C: 'No TIN is required: the domestic law of the country does not require its collection',
};

/** FATCA classifications of an entity (UAE-US IGA, Annex I and II). */
export const FATCA_CLASSES = [
  'participating_ffi',
  'reporting_model1_ffi',
  'registered_deemed_compliant_ffi',
  'nonreporting_iga_ffi',
  'exempt_beneficial_owner',
  'active_nffe',
  'passive_nffe',
  'specified_us_person',
] as const;
export type FatcaClass = (typeof FATCA_CLASSES)[number];
/** Registered Foreign Financial Institutions identify themselves by their GIIN. */
export const FATCA_NEEDS_GIIN: readonly FatcaClass[] = ['participating_ffi', 'reporting_model1_ffi', 'registered_deemed_compliant_ffi'];

/** CRS entity types (CRS Section VIII). */
export const CRS_ENTITY_TYPES = [
  'financial_institution',
  'investment_entity_nonparticipating',
  'active_nfe_listed',
  'active_nfe_government',
  'active_nfe_income_assets',
  'passive_nfe',
] as const;
export type CrsEntityType = (typeof CRS_ENTITY_TYPES)[number];

/** Whether the entity must certify its controlling persons' residences (CRS VIII.D.9.b, IGA Annex I VI.B.4). */
export const needsControllingPersons = (crs: CrsEntityType, fatca: FatcaClass) =>
  crs === 'passive_nfe' || crs === 'investment_entity_nonparticipating' || fatca === 'passive_nffe';

/** At most this many tax residences per person. */
export const MAX_RESIDENCES = 5;
/** A changed address or residence asks for a new certification within this many calendar days (company zone). */
export const CHANGE_OF_CIRCUMSTANCES_DAYS = 90;

export const TAX_MESSAGES = {
  country: 'Choose a country (ISO 3166 two-letter code)',
  duplicateCountry: 'This country is listed twice',
  tinOrReason: 'Enter the TIN or choose why there is none',
  tinAndReason: 'Enter a TIN or a reason for none, not both',
  tinFormat: 'A TIN has 1 to 30 letters, digits, spaces, dots, slashes or hyphens',
  explanationRequired: 'Explain why you cannot obtain a TIN',
  residenceRequired: 'Add at least one tax residence',
  tooManyResidences: 'At most 5 tax residences',
  usTinRequired: 'Enter the US TIN (nine digits)',
  usTinFormat: 'A US TIN has nine digits, e.g. 123-45-6789',
  usResidentIsUsPerson: 'A US tax resident is a US person: answer yes',
  giinRequired: 'Enter the GIIN of the financial institution',
  giinFormat: 'A GIIN looks like 98Q96B.00000.LE.250',
  personsRequired: 'Certify the tax residences of every controlling person',
  personUnknown: 'This person is not one of your named beneficial owners or controlling persons',
  noPersons: 'Name your beneficial owners and controlling persons (Sanctions and PEP screening) first',
  nameRequired: 'Type your full name to sign',
  nameMismatch: 'Type your name as it appears on your account',
  attest: 'Confirm that the certification is true, correct and complete',
  wrongKind: 'This certification form does not match your account type',
  notFound: 'Tax self-certification not found',
  yearRange: 'Choose a reporting year between 2014 and the last full year',
  sameResidence: 'This is already your residence on record',
} as const;

/** Why the subscription gate refuses (the investor can act on each: 409 with a link to DFSA Compliance). */
export const TAX_MISSING_MESSAGE = 'Complete your tax self-certification (FATCA and CRS) on the DFSA Compliance page before subscribing.';
export const TAX_OVERDUE_MESSAGE =
  'Your circumstances changed more than 90 days ago and your tax self-certification was not renewed. Sign a new one on the DFSA Compliance page before subscribing.';

const country = z.string({ error: TAX_MESSAGES.country }).trim().toUpperCase().refine(isIsoCountry, TAX_MESSAGES.country);

const TIN = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,29}$/;
const US_TIN = /^(\d{3}-?\d{2}-?\d{4}|\d{2}-?\d{7})$/;
const GIIN = /^[A-NP-Z0-9]{6}\.[A-NP-Z0-9]{5}\.(LE|SL|ME|BR|SP)\.\d{3}$/;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || undefined);

export const residenceInput = z
  .strictObject({
    country,
    tin: optionalText(30, 'At most 30 characters'),
    noTinReason: z.enum(NO_TIN_REASONS, { error: TAX_MESSAGES.tinOrReason }).optional(),
    explanation: optionalText(500, 'At most 500 characters'),
  })
  .superRefine((r, ctx) => {
    if (r.tin && r.noTinReason) ctx.addIssue({ code: 'custom', path: ['tin'], message: TAX_MESSAGES.tinAndReason });
    else if (!r.tin && !r.noTinReason) ctx.addIssue({ code: 'custom', path: ['tin'], message: TAX_MESSAGES.tinOrReason });
    else if (r.tin && !TIN.test(r.tin)) ctx.addIssue({ code: 'custom', path: ['tin'], message: TAX_MESSAGES.tinFormat });
    if (r.noTinReason === 'B' && (r.explanation ?? '').length < 5)
      ctx.addIssue({ code: 'custom', path: ['explanation'], message: TAX_MESSAGES.explanationRequired });
  });
export type ResidenceInput = z.input<typeof residenceInput>;
export type Residence = z.output<typeof residenceInput>;

const residences = z
  .array(residenceInput)
  .min(1, TAX_MESSAGES.residenceRequired)
  .max(MAX_RESIDENCES, TAX_MESSAGES.tooManyResidences)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((r, i) => {
      if (seen.has(r.country)) ctx.addIssue({ code: 'custom', path: [i, 'country'], message: TAX_MESSAGES.duplicateCountry });
      seen.add(r.country);
    });
  });

const signature = {
  signedName: z.string({ error: TAX_MESSAGES.nameRequired }).trim().min(1, TAX_MESSAGES.nameRequired).max(200),
  attest: z.literal(true, { error: TAX_MESSAGES.attest }),
  /**
   * The same electronic signature as the subscription agreement (decision 036): the signed name
   * typed, or a signature drawn on the pad (a PNG data URL; signedName is then the printed name).
   */
  method: z.enum(['typed', 'drawn']).default('typed'),
  drawing: z
    .string()
    .max(Math.ceil((MAX_SIGNATURE_PNG_BYTES * 4) / 3) + 40, SIGNING_MESSAGES.drawingTooLarge)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, SIGNING_MESSAGES.drawingUnreadable)
    .optional(),
  /** Re-authentication (decision 036): the password, or the authenticator code with two-factor on. */
  password: z.string().max(200).optional(),
  code: z.string().trim().max(20).optional(),
};

const usTin = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

export const individualCertificationInput = z
  .strictObject({
    kind: z.literal('individual'),
    residences,
    usPerson: z.boolean({ error: 'Answer whether you are a US person' }),
    usTin,
    ...signature,
  })
  .superRefine((c, ctx) => {
    if (c.usPerson && !c.usTin) ctx.addIssue({ code: 'custom', path: ['usTin'], message: TAX_MESSAGES.usTinRequired });
    if (c.usTin && !US_TIN.test(c.usTin)) ctx.addIssue({ code: 'custom', path: ['usTin'], message: TAX_MESSAGES.usTinFormat });
    if (!c.usPerson && c.residences.some((r) => r.country === 'US'))
      ctx.addIssue({ code: 'custom', path: ['usPerson'], message: TAX_MESSAGES.usResidentIsUsPerson });
  });

export const controllingPersonInput = z.strictObject({ personId: z.uuid(TAX_MESSAGES.personUnknown), residences });

export const entityCertificationInput = z
  .strictObject({
    kind: z.literal('entity'),
    residences,
    fatcaClass: z.enum(FATCA_CLASSES, { error: 'Choose the FATCA classification' }),
    crsType: z.enum(CRS_ENTITY_TYPES, { error: 'Choose the CRS entity type' }),
    giin: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => v || undefined),
    usTin,
    controllingPersons: z.array(controllingPersonInput).max(50).default([]),
    ...signature,
  })
  .superRefine((c, ctx) => {
    if (FATCA_NEEDS_GIIN.includes(c.fatcaClass) && !c.giin)
      ctx.addIssue({ code: 'custom', path: ['giin'], message: TAX_MESSAGES.giinRequired });
    if (c.giin && !GIIN.test(c.giin)) ctx.addIssue({ code: 'custom', path: ['giin'], message: TAX_MESSAGES.giinFormat });
    if (c.fatcaClass === 'specified_us_person' && !c.usTin)
      ctx.addIssue({ code: 'custom', path: ['usTin'], message: TAX_MESSAGES.usTinRequired });
    if (c.usTin && !US_TIN.test(c.usTin)) ctx.addIssue({ code: 'custom', path: ['usTin'], message: TAX_MESSAGES.usTinFormat });
    if (needsControllingPersons(c.crsType, c.fatcaClass) && c.controllingPersons.length === 0)
      ctx.addIssue({ code: 'custom', path: ['controllingPersons'], message: TAX_MESSAGES.personsRequired });
  });

export const certificationInput = z.discriminatedUnion('kind', [individualCertificationInput, entityCertificationInput], {
  error: TAX_MESSAGES.wrongKind,
});
export type CertificationInput = z.input<typeof certificationInput>;
export type ParsedCertification = z.output<typeof certificationInput>;

/** A change of address or residence on the investor's profile. */
export const residenceChangeInput = z.strictObject({
  residenceCountry: country,
  address: z.string({ error: 'Enter your address' }).trim().min(5, 'Enter your address').max(500, 'At most 500 characters'),
});

export const exportQuery = z.object({
  year: z.coerce.number({ error: TAX_MESSAGES.yearRange }).int(TAX_MESSAGES.yearRange).min(2014, TAX_MESSAGES.yearRange),
});

/** What the certification stores (no re-authentication secrets). */
export type CertificationAnswers =
  | { kind: 'individual'; residences: Residence[]; usPerson: boolean; usTin?: string | undefined }
  | {
      kind: 'entity';
      residences: Residence[];
      fatcaClass: FatcaClass;
      crsType: CrsEntityType;
      giin?: string | undefined;
      usTin?: string | undefined;
      controllingPersons: { personId: string; name: string; residences: Residence[] }[];
    };

export interface TaxCertification {
  id: string;
  version: number;
  answers: CertificationAnswers;
  signedName: string;
  /** How it was signed (decision 036's signature): the typed name, or drawn on the pad. */
  signatureMethod: 'typed' | 'drawn';
  /** The drawn signature as a PNG data URL (null when typed). */
  signatureDrawing: string | null;
  reauth: 'password' | 'totp';
  signedAt: string;
}

export interface CircumstanceChange {
  id: string;
  changedOn: string;
  dueDate: string;
  residenceCountry: string;
  address: string;
  resolved: boolean;
  overdue: boolean;
}

export interface EligibilityReasonLike {
  code: string;
  message: string;
}

/** GET /api/investor/tax (and the admin's view of one investor). */
export interface TaxState {
  investorId: string;
  name: string;
  kind: 'individual' | 'entity';
  residenceCountry: string | null;
  address: string | null;
  current: TaxCertification | null;
  history: TaxCertification[];
  pendingChange: CircumstanceChange | null;
  /** The named beneficial owners and controlling persons (screening) whose residences an entity certifies. */
  persons: { id: string; fullName: string; relation: string }[];
  blocking: EligibilityReasonLike[];
}

/** The last day a new certification is due after a change on `changedOn` (both company-zone days). */
export function certificationDueAfterChange(changedOn: string): string {
  const d = new Date(`${changedOn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + CHANGE_OF_CIRCUMSTANCES_DAYS);
  return d.toISOString().slice(0, 10);
}

/** A change with no new certification blocks from the day after its due date. */
export const changeOverdue = (dueDate: string, today: string) => today > dueDate;

/**
 * Reminders before a renewal falls due (issue 31: "calendar item + reminder"): one e-mail this
 * many calendar days before the due day (company zone) and one on the due day itself. A firm
 * choice, not a rule of CRS or FATCA: two weeks leave time to gather a new TIN.
 */
export const RENEWAL_REMINDER_DAYS_BEFORE = 14;
export type RenewalReminderStage = 'before' | 'due';

/** Which reminder (if any) is owed on `today` for a renewal due on `dueDate` (both company days). */
export function renewalReminderStage(dueDate: string, today: string): RenewalReminderStage | null {
  if (today === dueDate) return 'due';
  const from = new Date(`${dueDate}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - RENEWAL_REMINDER_DAYS_BEFORE);
  return today >= from.toISOString().slice(0, 10) && today < dueDate ? 'before' : null;
}
