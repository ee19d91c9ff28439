import type { Readable, Transform } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { HttpError, notFound } from '../http/errors.ts';
import { contentDisposition, INLINE_EXTENSIONS, MIME_TYPES } from './content.ts';
import type { ByteRange, FileStore } from './file-store.ts';

/**
 * The one range a `Range: bytes=...` header asks for (RFC 9110 14.1.2): `a-b`, `a-` or `-n`.
 * null: no header, another unit, several ranges or a malformed one (the whole file is sent, as
 * the RFC allows); 'unsatisfiable': the range starts past the end (416).
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a stored file: inline ('view') only for types a browser renders safely, else as
 * an attachment under its display name, never cached, never sniffed, never run as a page.
 * The caller has authorised the request; the bytes always pass through the server (decision
 * record 043), from disk or from the object store. A single byte range is honoured (a PDF
 * viewer's partial loads) except for files stored encrypted.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  files: FileStore,
  file: { key: string; name: string; extension: string; byteSize: number },
  kind: 'view' | 'download',
  /** Decrypts a file stored encrypted (message attachments). */
  decrypt?: Transform,
) {
  const range = decrypt ? null : requestedRange(reply.request.headers.range, file.byteSize);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, 'The requested range is outside the file', { headers: { 'content-range': `bytes */${file.byteSize}` } });
  }
  let stream: Readable;
  try {
    stream = await files.read(file.key, range ?? undefined);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw notFound('The file for this document is missing');
  }
  const inline = kind === 'view' && INLINE_EXTENSIONS.has(file.extension);
  reply
    .header('content-type', MIME_TYPES[file.extension] ?? 'application/octet-stream')
    .header('content-length', String(range ? range.end - range.start + 1 : file.byteSize))
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', `${file.name}.${file.extension}`))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (!decrypt) reply.header('accept-ranges', 'bytes');
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.byteSize}`);
  if (inline)
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'",
    );
  return reply.send(decrypt ? stream.pipe(decrypt) : stream);
}
