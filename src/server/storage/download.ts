import type { Readable, Transform } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { notFound } from '../http/errors.ts';
import { contentDisposition, INLINE_EXTENSIONS, MIME_TYPES } from './content.ts';
import type { FileStore } from './file-store.ts';

/**
 * Streams a stored file: inline ('view') only for types a browser renders safely, else as
 * an attachment under its display name, never cached, never sniffed, never run as a page.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  files: FileStore,
  file: { key: string; name: string; extension: string; byteSize: number },
  kind: 'view' | 'download',
  /** Decrypts a file stored encrypted (message attachments). */
  decrypt?: Transform,
) {
  let stream: Readable;
  try {
    stream = await files.read(file.key);
  } catch {
    throw notFound('The file for this document is missing');
  }
  const inline = kind === 'view' && INLINE_EXTENSIONS.has(file.extension);
  reply
    .header('content-type', MIME_TYPES[file.extension] ?? 'application/octet-stream')
    .header('content-length', String(file.byteSize))
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', `${file.name}.${file.extension}`))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (inline)
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'",
    );
  return reply.send(decrypt ? stream.pipe(decrypt) : stream);
}
