import { describe, expect, it } from 'vitest';
import { todayIso } from './dates.ts';
import {
  ACCEPT_ATTRIBUTE,
  ALLOWED_EXTENSIONS,
  DOCUMENT_TYPES,
  defaultDocumentName,
  documentExpiry,
  documentUpdateInput,
  fileExtension,
  uploadFields,
} from './documents.ts';

describe('defaultDocumentName (the file name before its first dot)', () => {
  it('cuts at the first dot', () => {
    expect(defaultDocumentName('Q3 Report.final.pdf')).toBe('Q3 Report');
    expect(defaultDocumentName('memo.pdf')).toBe('memo');
    expect(defaultDocumentName('README')).toBe('README');
    expect(defaultDocumentName('.hidden.txt')).toBe('');
  });
  it('ignores any directory part a browser may send', () => {
    expect(defaultDocumentName('C:\\Users\\a\\Deck v2.pptx')).toBe('Deck v2');
    expect(defaultDocumentName('some/dir/Term Sheet.docx')).toBe('Term Sheet');
  });
});

describe('fileExtension', () => {
  it('is the lower-cased text after the last dot', () => {
    expect(fileExtension('Q3 Report.final.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
    expect(fileExtension('dir.v2/file')).toBe('');
    expect(fileExtension('a\\b.c\\photo.JPeG')).toBe('jpeg');
  });
});

describe('allowed values', () => {
  it('lists the spec extensions and nine document types', () => {
    expect([...ALLOWED_EXTENSIONS]).toEqual(['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png']);
    expect(ACCEPT_ATTRIBUTE).toBe('.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.jpg,.jpeg,.png');
    expect(DOCUMENT_TYPES).toHaveLength(9);
    expect(DOCUMENT_TYPES).toContain('Subscription Agreement');
    expect(DOCUMENT_TYPES.at(-1)).toBe('Other');
  });
});

describe('documentExpiry', () => {
  const now = '2025-03-15'; // today in the company's zone
  it('has no state without a date', () => {
    expect(documentExpiry(null, now)).toEqual({ state: 'none' });
    expect(documentExpiry('', now)).toEqual({ state: 'none' });
  });
  it('is expired once the date has passed (yesterday)', () => {
    expect(documentExpiry('2025-03-14', now)).toEqual({ state: 'expired' });
    expect(documentExpiry('2020-01-01', now)).toEqual({ state: 'expired' });
  });
  it("is 'Expires in N days' from today up to 30 days ahead", () => {
    expect(documentExpiry('2025-03-15', now)).toEqual({ state: 'expiring', days: 0, label: 'Expires in 0 days' });
    expect(documentExpiry('2025-03-16', now)).toEqual({ state: 'expiring', days: 1, label: 'Expires in 1 day' });
    expect(documentExpiry('2025-04-14', now)).toEqual({ state: 'expiring', days: 30, label: 'Expires in 30 days' });
  });
  it('is valid, showing the date, from 31 days ahead', () => {
    expect(documentExpiry('2025-04-15', now)).toEqual({ state: 'valid', date: '2025-04-15' });
  });
  it("counts calendar days from the company's today, whatever the time of day", () => {
    // 23:30 on 14 March in New York is 15 March in UTC: the document is not expired there yet.
    const at = new Date('2025-03-15T03:30:00Z');
    expect(documentExpiry('2025-03-14', todayIso('America/New_York', at))).toMatchObject({ state: 'expiring', days: 0 });
    expect(documentExpiry('2025-03-14', todayIso('Asia/Dubai', at))).toEqual({ state: 'expired' });
  });
});

describe('uploadFields', () => {
  const messages = (input: unknown) => {
    const r = uploadFields.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('requires a name and one of the nine types', () => {
    expect(messages({ name: '', type: 'PPM' })).toEqual(['Document name is required']);
    expect(messages({ name: '  ', type: 'PPM' })).toEqual(['Document name is required']);
    expect(messages({ name: 'A', type: '' })).toEqual(['Document type is required']);
    expect(messages({ name: 'A', type: 'Invoice' })).toEqual(['Document type is required']);
    expect(messages({ name: 'A' })).toEqual(['Document type is required']);
  });
  it('treats empty or "general" deal and empty date as none; investor visibility defaults off', () => {
    expect(uploadFields.parse({ name: 'A', type: 'PPM', dealId: '', expirationDate: '' })).toEqual({
      name: 'A',
      type: 'PPM',
      dealId: null,
      expirationDate: null,
      investorVisible: false,
    });
    expect(uploadFields.parse({ name: 'A', type: 'PPM', dealId: 'general' }).dealId).toBeNull();
    expect(uploadFields.parse({ name: 'A', type: 'PPM', investorVisible: 'true' }).investorVisible).toBe(true);
    expect(uploadFields.parse({ name: 'A', type: 'PPM', investorVisible: 'false' }).investorVisible).toBe(false);
  });
  it('refuses a malformed deal id or date', () => {
    expect(messages({ name: 'A', type: 'PPM', dealId: 'deal-1' })).toEqual(['Choose a valid deal']);
    expect(messages({ name: 'A', type: 'PPM', expirationDate: '15/03/2025' })[0]).toBe('Enter a date as YYYY-MM-DD');
    expect(messages({ name: 'A', type: 'PPM', expirationDate: '2025-13-45' })).toEqual(['Enter a valid date']);
  });
  it('documentUpdateInput accepts a visibility flag and a nullable date', () => {
    expect(documentUpdateInput.parse({ investorVisible: true, expirationDate: '' })).toEqual({
      investorVisible: true,
      expirationDate: null,
    });
    expect(documentUpdateInput.safeParse({ investorVisible: 'yes' }).success).toBe(false);
  });
});
