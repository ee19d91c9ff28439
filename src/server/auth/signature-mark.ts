import { PDFDocument } from 'pdf-lib';
import { MAX_SIGNATURE_PNG_BYTES, SIGNING_MESSAGES } from '../../shared/signing.ts';
import { badRequest, HttpError } from '../http/errors.ts';

/**
 * The investor's electronic signature, one rule for every document they sign (decision 036; the
 * tax self-certification too, decision 049 2026-11-27): a typed name that is their account name
 * (case and spacing ignored) or a drawn signature, a PNG from the pad of at most
 * MAX_SIGNATURE_PNG_BYTES that pdf-lib can embed. Checked before any state changes; re-authentication
 * follows (./reauthenticate.ts). Errors are 400 (413 for an oversized drawing) on their field.
 */
export type SignatureMark = { method: 'typed'; text: string } | { method: 'drawn'; png: Buffer };

export const normalName = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/** Checks a drawn signature is a PNG pdf-lib can embed (400 otherwise). */
export async function checkPng(png: Buffer): Promise<void> {
  try {
    const doc = await PDFDocument.create();
    await doc.embedPng(png);
  } catch {
    throw badRequest(SIGNING_MESSAGES.drawingUnreadable, { drawing: SIGNING_MESSAGES.drawingUnreadable });
  }
}

export async function signatureMark(
  input: { method: 'typed' | 'drawn'; typedName?: string | undefined; drawing?: string | undefined },
  accountName: string,
  typedField = 'typedName',
): Promise<SignatureMark> {
  if (input.method === 'typed') {
    const typedName = input.typedName?.trim() ?? '';
    if (!typedName) throw badRequest(SIGNING_MESSAGES.typedNameRequired, { [typedField]: SIGNING_MESSAGES.typedNameRequired });
    if (normalName(typedName) !== normalName(accountName))
      throw badRequest(SIGNING_MESSAGES.typedNameMismatch, { [typedField]: SIGNING_MESSAGES.typedNameMismatch });
    return { method: 'typed', text: typedName };
  }
  if (!input.drawing) throw badRequest(SIGNING_MESSAGES.drawingRequired, { drawing: SIGNING_MESSAGES.drawingRequired });
  const png = Buffer.from(input.drawing.slice(input.drawing.indexOf(',') + 1), 'base64');
  if (png.length > MAX_SIGNATURE_PNG_BYTES)
    throw new HttpError(413, SIGNING_MESSAGES.drawingTooLarge, { fields: { drawing: SIGNING_MESSAGES.drawingTooLarge } });
  await checkPng(png);
  return { method: 'drawn', png };
}
