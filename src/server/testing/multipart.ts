import { randomBytes } from 'node:crypto';

/** The smallest PDF the upload checks accept (magic bytes and a binary marker line). */
export const PDF_BYTES = Buffer.concat([
  Buffer.from('%PDF-1.4\n%'),
  Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
  Buffer.from('\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
]);

export interface FilePart {
  filename: string | Buffer;
  content: Buffer;
  contentType?: string;
  fieldname?: string;
}

/**
 * A multipart/form-data body built by hand, so every byte of a file name is under the test's
 * control: the text fields first, then the files, in order.
 */
export function multipartBody(boundary: string, fields: Record<string, string>, files: FilePart[]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.fieldname ?? 'file'}"; filename="`, 'utf8'),
      typeof f.filename === 'string' ? Buffer.from(f.filename, 'utf8') : f.filename,
      Buffer.from(`"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`, 'utf8'),
      f.content,
      Buffer.from('\r\n', 'utf8'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return Buffer.concat(parts);
}

/** A multipart body with a fresh boundary, and its content type. */
export function multipart(fields: Record<string, string>, ...files: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----sd-test-${randomBytes(8).toString('hex')}`;
  return { body: multipartBody(boundary, fields, files), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The same, shaped for app.inject: `{ payload, headers }`. */
export function injectForm(fields: Record<string, string>, ...files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const { body, contentType } = multipart(fields, ...files);
  return { payload: body, headers: { 'content-type': contentType } };
}
