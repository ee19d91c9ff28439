import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { fileExtension } from '../../shared/documents.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { contentMatches } from './content.ts';
import type { FileStore, TempFile } from './file-store.ts';

/** A received file: streamed to a temporary file and checked, not yet committed under a key. */
export interface ReceivedFile {
  temp: TempFile;
  filename: string;
  extension: string;
}

// Multipart framing and the text fields fit well within this allowance above the file limit.
const ENVELOPE_BYTES = 64 * 1024;
/** More text fields than any form sends. */
const MAX_FIELDS = 20;

export const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, `The file is too large (maximum ${Math.round(maxBytes / 1024 / 1024)} MB)`, { code: 'FILE_TOO_LARGE' });

/** An onRequest hook refusing a body whose declared length is over the limit, before reading any of it. */
export function refuseOversized(maxBytes: number): onRequestHookHandler {
  return async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > maxBytes + ENVELOPE_BYTES) throw fileTooLarge(maxBytes);
  };
}

/**
 * Reads a multipart body: text fields, and one file in the field `file`, streamed to a
 * temporary file (never buffered whole) and checked: a safe name, an allowed extension,
 * not empty, content consistent with the extension. On any error the temporary file is
 * removed; on success the caller owns it (commit or discard).
 */
export async function receiveUpload(
  request: FastifyRequest,
  files: FileStore,
  opts: { maxBytes: number; extensions: readonly string[]; noFileMessage: string; transform?: () => import('node:stream').Transform },
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  if (!request.isMultipart()) throw badRequest(opts.noFileMessage, { file: opts.noFileMessage });
  const fields: Record<string, string> = {};
  let received: { temp: TempFile; filename: string } | null = null;
  let reading = true;
  try {
    // The parser's own field limit is one above ours, so this loop refuses the request first:
    // when the parser hits its limit it stops reading the body, and a file part already
    // announced would then never end.
    let fieldCount = 0;
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: MAX_FIELDS + 1, fieldSize: 20_000 } })) {
      if (part.type === 'field' && ++fieldCount > MAX_FIELDS) throw badRequest(`Too many form fields (at most ${MAX_FIELDS})`);
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          throw badRequest('Send one file, in the field named "file"');
        }
        const temp = await files.writeTemp(part.file, opts.transform?.());
        received = { temp, filename: part.filename };
        if (part.file.truncated) throw fileTooLarge(opts.maxBytes);
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
    reading = false;
    if (!received) return { fields, file: null };
    const { filename, temp } = received;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    if (!filename || /[\u0000-\u001f\u007f/\\]/.test(filename) || filename.includes('..')) {
      throw badRequest('The file name is not allowed', { file: 'The file name is not allowed' });
    }
    const extension = fileExtension(filename);
    if (!opts.extensions.includes(extension)) {
      const message = `Files of this type are not accepted. Allowed: ${opts.extensions.join(', ')}`;
      throw badRequest(message, { file: message });
    }
    if (temp.size === 0) throw badRequest('The selected file is empty', { file: 'The selected file is empty' });
    if (!contentMatches(extension, temp)) {
      const message = `The file's content does not match its .${extension} extension`;
      throw badRequest(message, { file: message });
    }
    return { fields, file: { temp, filename, extension } };
  } catch (err) {
    if (received) await files.discard(received.temp).catch(() => {});
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(opts.maxBytes);
    // A second file trips the parser's files limit before the loop can see it.
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file, in the field named "file"');
    if (code?.startsWith('FST_')) {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      throw new HttpError(status >= 400 && status < 500 ? status : 400, 'The upload could not be read. Please try again.');
    }
    // The body ended or broke before the form was complete (busboy's errors carry no code);
    // a file-system error (it has a syscall) stays a server error.
    if (reading && !(err instanceof HttpError) && !(err as NodeJS.ErrnoException).syscall) {
      throw new HttpError(400, 'The upload could not be read. Please try again.', { code: 'UPLOAD_INCOMPLETE' });
    }
    throw err;
  }
}
