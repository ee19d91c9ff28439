import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import type { Config } from '../../config.ts';
import { PadesSigner, padesKeyFromP12 } from './pades-signer.ts';

/**
 * The certificate that seals executed agreements (issue 30, decision record 036): the firm's own
 * from SIGNING_CERT_P12 + SIGNING_CERT_PASSWORD, or a self-signed one the server makes on first
 * use and keeps in DATA_DIR/signing (owner-only, mode 0600). The certificate page says which.
 */
export interface SealCertificate {
  p12: Buffer;
  password: string;
  selfSigned: boolean;
  /** The certificate's subject common name, for the certificate page. */
  subject: string;
}

const cache = new Map<string, Promise<SealCertificate>>();

export function sealCertificate(config: Pick<Config, 'signingCert' | 'dataDir'>, companyName: string): Promise<SealCertificate> {
  const key = config.signingCert?.p12Path ?? config.dataDir;
  let c = cache.get(key);
  if (!c) {
    c = loadOrCreate(config, companyName);
    cache.set(key, c);
    c.catch(() => cache.delete(key));
  }
  return c;
}

async function loadOrCreate(config: Pick<Config, 'signingCert' | 'dataDir'>, companyName: string): Promise<SealCertificate> {
  if (config.signingCert) {
    const p12 = await readFile(config.signingCert.p12Path);
    return { p12, password: config.signingCert.password, selfSigned: false, subject: subjectOf(p12, config.signingCert.password) };
  }
  const dir = path.join(config.dataDir, 'signing');
  const file = path.join(dir, 'self-signed-seal.p12');
  const passFile = path.join(dir, 'self-signed-seal.password');
  try {
    const [p12, password] = await Promise.all([readFile(file), readFile(passFile, 'utf8')]);
    return { p12, password, selfSigned: true, subject: subjectOf(p12, password) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const password = randomBytes(24).toString('base64url');
  const p12 = selfSignedP12(`${companyName} document seal (self-signed)`, password);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Written under temporary names and renamed: a crash never leaves half a key.
  const nonce = randomBytes(6).toString('hex');
  await writeFile(`${passFile}.${nonce}`, password, { mode: 0o600 });
  await writeFile(`${file}.${nonce}`, p12, { mode: 0o600 });
  await rename(`${passFile}.${nonce}`, passFile);
  await rename(`${file}.${nonce}`, file);
  return { p12, password, selfSigned: true, subject: subjectOf(p12, password) };
}

function subjectOf(p12: Buffer, password: string): string {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, password);
  const oid = forge.pki.oids.certBag as string;
  const bag = parsed.getBags({ bagType: oid })[oid]?.[0];
  const cn = bag?.cert?.subject.getField('CN');
  return cn ? String(cn.value) : 'unnamed certificate';
}

/** A 2048-bit RSA key and a ten-year self-signed certificate for it, as a PKCS#12 file. */
export function selfSignedP12(commonName: string, password: string): Buffer {
  // Node's own key generation (forge's is pure JavaScript and slow).
  const pem = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keys = { privateKey: forge.pki.privateKeyFromPem(pem.privateKey), publicKey: forge.pki.publicKeyFromPem(pem.publicKey) };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const attrs = [{ name: 'commonName', value: commonName }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * Seals a finished document: a signature placeholder is added, the file saved, and the CMS
 * signature (PAdES baseline B-B: ETSI.CAdES.detached, SHA-256, the ESS signing-certificate-v2
 * attribute; pades-signer.ts) written into it. Any byte changed afterwards breaks the signature.
 */
export async function sealPdf(
  doc: PDFDocument,
  cert: SealCertificate,
  opts: { reason: string; location: string; name: string },
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: opts.reason,
    contactInfo: '',
    name: opts.name,
    location: opts.location,
    signatureLength: 16_384,
    // PAdES baseline B-B (pades-signer.ts): the CAdES sub-filter, the time in /M.
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new PadesSigner(padesKeyFromP12(cert.p12, cert.password)));
}
