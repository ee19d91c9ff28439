import { z } from 'zod';
import { DOCUMENT_EXPIRY_WARNING_DAYS } from './constants.ts';
import { isoDate } from './date-schema.ts';
import { daysUntil, todayIso } from './dates.ts';

export const DOCUMENT_TYPES = [
  'PPM',
  'LPA',
  'Subscription Agreement',
  'Due Diligence',
  'Financial Projections',
  'Legal Structure',
  'Market Analysis',
  'Risk Assessment',
  'Other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ALLOWED_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png'] as const;
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

export interface VaultDocument {
  id: string;
  name: string;
  type: DocumentType;
  extension: string;
  /** Size in KB as text (spec section 3). */
  fileSize: string;
  byteSize: number;
  sha256: string;
  /** ISO date or null. */
  expirationDate: string | null;
  dealId: string | null;
  dealTitle: string | null;
  uploadedBy: string | null;
  uploadedByName: string | null;
  uploadDate: string;
  investorVisible: boolean;
  /** Addressed to one investor: only they see it (statements, letters). */
  investorId: string | null;
  investorName: string | null;
}

/** Default document name: the file name before its first dot (spec section 5). */
export function defaultDocumentName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.split('.')[0] ?? '';
}

export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const i = base.lastIndexOf('.');
  return i < 0 ? '' : base.slice(i + 1).toLowerCase();
}

export type ExpiryState =
  | { state: 'none' }
  | { state: 'expired' }
  | { state: 'expiring'; days: number; label: string }
  | { state: 'valid'; date: string };

/** Expired if the date has passed; 'Expires in N days' within 30 days; otherwise valid (spec section 4). */
export function documentExpiry(expirationDate: string | null, today: string = todayIso()): ExpiryState {
  if (!expirationDate) return { state: 'none' };
  const days = daysUntil(expirationDate, today);
  if (days < 0) return { state: 'expired' };
  if (days <= DOCUMENT_EXPIRY_WARNING_DAYS) return { state: 'expiring', days, label: `Expires in ${days} day${days === 1 ? '' : 's'}` };
  return { state: 'valid', date: expirationDate };
}

/** The text fields of the upload form; the file itself travels in the same multipart body. */
export const uploadFields = z.object({
  name: z.string({ error: 'Document name is required' }).trim().min(1, 'Document name is required').max(200),
  type: z.enum(DOCUMENT_TYPES, { error: 'Document type is required' }),
  expirationDate: z.preprocess((v) => (v === '' ? null : v), isoDate().nullable().optional()),
  dealId: z.preprocess((v) => (v === '' || v === 'general' ? null : v), z.uuid('Choose a valid deal').nullable().optional()),
  investorVisible: z.preprocess((v) => v === 'true' || v === true || v === 'on' || v === '1', z.boolean()).default(false),
  investorId: z.preprocess((v) => (v === '' ? null : v), z.uuid('Choose a valid investor').nullable().optional()),
});

export const documentUpdateInput = z.object({
  investorVisible: z.boolean().optional(),
  investorId: z.uuid('Choose a valid investor').nullable().optional(),
  expirationDate: uploadFields.shape.expirationDate,
});

export const DOCUMENT_MESSAGES = {
  uploadFailed: 'Failed to upload document. Please try again.',
  uploaded: 'Document uploaded successfully!',
  fetchFailed: 'Failed to fetch documents',
  downloadFailed: 'Failed to download document',
  empty: 'No documents uploaded yet',
  noFile: 'Please select a file to upload',
  mustLogin: 'You must be logged in to upload documents',
} as const;
