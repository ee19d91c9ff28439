import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import http from 'node:http';

/** A file of `mb` MiB that starts like a PDF (the product sniffs magic bytes) followed by random bytes. */
export async function makePdf(file: string, mb: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('%PDF-1.7\n');
  const block = randomBytes(1024 * 1024);
  for (let i = 0; i < mb; i++) {
    // Vary each block a little so nothing compresses or deduplicates.
    block.writeUInt32LE(i, 0);
    if (!out.write(Buffer.from(block))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** POSTs a multipart body (text fields, then the file streamed from disk). Returns ms, status and body. */
export async function postMultipart(
  url: string,
  fields: Record<string, string>,
  file: { path: string; name: string; type: string },
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  let head = '';
  for (const [k, v] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const size = statSync(file.path).size;
  const length = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const rs = createReadStream(file.path, { highWaterMark: 1024 * 1024 });
    rs.on('error', reject);
    rs.pipe(req, { end: false });
    rs.on('end', () => req.end(tail));
  });
}
