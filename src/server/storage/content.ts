import type { TempFile } from './file-store.ts';

/** Content types we serve, per extension. */
export const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Types a browser renders safely inline; everything else is always downloaded. */
export const INLINE_EXTENSIONS = new Set(['pdf', 'txt', 'jpg', 'jpeg', 'png']);

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MAGIC: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: Buffer.from([0xff, 0xd8, 0xff]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  doc: OLE2,
  xls: OLE2,
  ppt: OLE2,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
};

/** True when the content is consistent with the extension (magic bytes; UTF-8 without NUL for .txt). */
export function contentMatches(extension: string, file: TempFile): boolean {
  if (extension === 'txt') return file.isText;
  const magic = MAGIC[extension];
  return magic !== undefined && file.head.subarray(0, magic.length).equals(magic);
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
