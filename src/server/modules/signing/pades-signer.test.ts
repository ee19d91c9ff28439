import { execFile } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { padesKeyFromP12 } from './pades-signer.ts';
import { sealPdf, selfSignedP12 } from './seal.ts';

const run = promisify(execFile);
const runOk = (cmd: string, args: string[]) =>
  run(cmd, args).catch((e: { stdout: string; stderr: string }) => ({ stdout: e.stdout, stderr: e.stderr }));

/**
 * PAdES baseline B-B (issue 30, decision 036, 2026-11-27): the seal's CMS carries the ESS
 * signing-certificate-v2 attribute with the SHA-256 of the signing certificate, no signing-time,
 * the ETSI.CAdES.detached sub-filter; poppler's pdfsig verifies it and a changed byte fails.
 * The reference figures come from outside the code under test: the certificate's hash from Node's
 * X509Certificate, the attributes from OpenSSL's own CMS parser.
 */
describe('PAdES baseline B-B seal', () => {
  let tmp: string;
  let sealed: Buffer;
  const password = 'test-password';
  const p12 = selfSignedP12('Test Seal (self-signed)', password);

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pades-'));
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    page.drawText('Executed subscription agreement (test).', { x: 72, y: 760, font: await doc.embedFont(StandardFonts.Helvetica) });
    sealed = await sealPdf(
      doc,
      { p12, password, selfSigned: true, subject: 'Test Seal (self-signed)' },
      {
        reason: 'Test',
        location: 'Dubai',
        name: 'Test Seal',
      },
    );
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  /** The CMS from the /Contents hex string of the signature dictionary. */
  const cmsOf = (pdf: Buffer): Buffer => {
    const text = pdf.toString('latin1');
    const at = text.indexOf('/Contents <');
    const hex = text.slice(at + '/Contents <'.length, text.indexOf('>', at)).replace(/(00)+$/, '');
    return Buffer.from(hex, 'hex');
  };

  it('pdfsig verifies it as ETSI.CAdES.detached; one changed byte fails', async () => {
    const file = path.join(tmp, 'sealed.pdf');
    await writeFile(file, sealed);
    const ok = await run('pdfsig', [file]);
    expect(ok.stdout).toContain('Signature Type: ETSI.CAdES.detached');
    expect(ok.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(ok.stdout).toContain('Signer Certificate Common Name: Test Seal (self-signed)');
    const tampered = Buffer.from(sealed);
    const i = tampered.indexOf('Executed subscription');
    const at = i > 0 ? i : 100;
    tampered[at] = (tampered[at] as number) ^ 0x01;
    const bad = path.join(tmp, 'tampered.pdf');
    await writeFile(bad, tampered);
    expect((await runOk('pdfsig', [bad])).stdout).not.toContain('Signature Validation: Signature is Valid.');
  });

  it('signs content-type, message-digest and signing-certificate-v2 (the certificate hash), without signing-time', async () => {
    const cms = path.join(tmp, 'sig.der');
    await writeFile(cms, cmsOf(sealed));
    const printed = (await run('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cms])).stdout;
    // OpenSSL names the attributes it finds in the signer info's signedAttrs.
    expect(printed).toContain('contentType');
    expect(printed).toContain('messageDigest');
    expect(printed).toMatch(/id-smime-aa-signingCertificateV2|signingCertificateV2/);
    expect(printed).not.toContain('signingTime');
    // The certificate's SHA-256 by Node's X509 (independent of forge), in the attribute's dump.
    const cert = padesKeyFromP12(p12, password).certificate;
    const x509 = new X509Certificate(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'));
    const certHash = createHash('sha256').update(x509.raw).digest('hex');
    expect(x509.fingerprint256.replace(/:/g, '').toLowerCase()).toBe(certHash);
    const dump = printed.replace(/[^0-9a-f]/gi, '').toLowerCase();
    expect(dump).toContain(certHash);
    // OpenSSL verifies the CMS itself over the signed byte ranges (no chain check: self-signed).
    const text = sealed.toString('latin1');
    const m = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text);
    expect(m).not.toBeNull();
    const [a, b, c, d] = (m as RegExpExecArray).slice(1).map(Number) as [number, number, number, number];
    const content = path.join(tmp, 'content.bin');
    await writeFile(content, Buffer.concat([sealed.subarray(a, a + b), sealed.subarray(c, c + d)]));
    const verified = await runOk('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-noverify',
      '-inform',
      'DER',
      '-in',
      cms,
      '-content',
      content,
      '-out',
      '/dev/null',
    ]);
    expect(verified.stderr).toContain('Verification successful');
  });
});
