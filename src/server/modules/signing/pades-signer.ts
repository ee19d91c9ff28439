import { createHash, createSign } from 'node:crypto';
import { Signer, SignPdfError } from '@signpdf/utils';
import forge from 'node-forge';

/**
 * The CMS signature of a sealed agreement as PAdES baseline B-B wants it (ETSI EN 319 142-1,
 * section 6.3; CAdES EN 319 122-1 section 5.2), issue 30 and decision record 036 (2026-11-27):
 * - SubFilter ETSI.CAdES.detached (set on the placeholder, seal.ts);
 * - signed attributes: content-type (id-data), message-digest (SHA-256 of the signed byte
 *   ranges) and ESS signing-certificate-v2 (RFC 5035: the SHA-256 of the signing certificate
 *   with its issuer and serial number), which binds the certificate into what is signed;
 * - no signing-time attribute (the PAdES profile forbids it: the claimed time is the
 *   signature dictionary's /M);
 * - RSA PKCS#1 v1.5 with SHA-256 over the DER of the signed attributes, by Node's crypto.
 * @signpdf's P12Signer (node-forge's PKCS#7) cannot add signing-certificate-v2, so the
 * SignedData is written here with node-forge's ASN.1 encoder.
 */

const { asn1 } = forge;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const seq = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SET, true, items);
const oid = (o: string) => asn1.create(U, T.OID, false, asn1.oidToDer(o).getBytes());
const octets = (bytes: string) => asn1.create(U, T.OCTETSTRING, false, bytes);
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const nul = () => asn1.create(U, T.NULL, false, '');
const der = (a: forge.asn1.Asn1) => asn1.toDer(a).getBytes();
const algorithm = (o: string, withNull = true) => seq(withNull ? [oid(o), nul()] : [oid(o)]);
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/** The certificate's serial number as an ASN.1 INTEGER (forge keeps it as hex). */
const serialOf = (cert: forge.pki.Certificate) => {
  let hex = cert.serialNumber;
  if (hex.length % 2) hex = `0${hex}`;
  if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  return asn1.create(U, T.INTEGER, false, forge.util.hexToBytes(hex));
};

export interface PadesKey {
  /** The signing certificate and the rest of its chain (in the p12's order). */
  certificate: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
  privateKeyPem: string;
}

/** The certificate that matches the private key in a PKCS#12 file, its chain and the key. */
export function padesKeyFromP12(p12: Buffer, password: string): PadesKey {
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, password);
  const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag as string })[forge.pki.oids.certBag as string] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const key = (parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag as string })[forge.pki.oids.pkcs8ShroudedKeyBag as string] ??
    [])[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SignPdfError('The certificate file has no private key.', SignPdfError.TYPE_INPUT);
  const certificate = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  });
  if (!certificate) throw new SignPdfError('Failed to find a certificate that matches the private key.', SignPdfError.TYPE_INPUT);
  return { certificate, chain: certs, privateKeyPem: forge.pki.privateKeyToPem(key) };
}

/** The DER of the signed attributes as a SET OF (the bytes the signature covers), sorted as DER wants. */
export function signedAttributes(content: Buffer, certificate: forge.pki.Certificate): forge.asn1.Asn1[] {
  const certDer = der(forge.pki.certificateToAsn1(certificate));
  const certHash = createHash('sha256').update(Buffer.from(certDer, 'binary')).digest('binary');
  // ESSCertIDv2 with the default hash algorithm (SHA-256, so omitted) and IssuerSerial:
  // issuer as GeneralNames { directoryName [4] Name }, serialNumber.
  const issuerSerial = seq([
    seq([asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [forge.pki.distinguishedNameToAsn1(certificate.issuer)])]),
    serialOf(certificate),
  ]);
  const signingCertificateV2 = seq([seq([seq([octets(certHash), issuerSerial])])]);
  const attrs = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest('binary'))),
    attribute(OID.signingCertificateV2, signingCertificateV2),
  ];
  return attrs.sort((a, b) => Buffer.compare(Buffer.from(der(a), 'binary'), Buffer.from(der(b), 'binary')));
}

export class PadesSigner extends Signer {
  constructor(private readonly key: PadesKey) {
    super();
  }

  /** The detached CMS SignedData over the PDF's signed byte ranges (`content`). */
  override async sign(content: Buffer): Promise<Buffer> {
    if (!(content instanceof Buffer)) throw new SignPdfError('PDF expected as Buffer.', SignPdfError.TYPE_INPUT);
    const { certificate, chain, privateKeyPem } = this.key;
    const attrs = signedAttributes(content, certificate);
    // The signature covers the attributes encoded as SET OF (tag 0x31), not as the [0] IMPLICIT in the SignerInfo.
    const toSign = Buffer.from(der(set(attrs)), 'binary');
    const signature = createSign('sha256').update(toSign).sign(privateKeyPem).toString('binary');
    const signerInfo = seq([
      int(1),
      seq([forge.pki.distinguishedNameToAsn1(certificate.issuer), serialOf(certificate)]),
      algorithm(OID.sha256),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrs),
      algorithm(OID.rsaEncryption),
      octets(signature),
    ]);
    const signedData = seq([
      int(1),
      set([algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      asn1.create(
        asn1.Class.CONTEXT_SPECIFIC,
        0,
        true,
        chain.map((c) => forge.pki.certificateToAsn1(c)),
      ),
      set([signerInfo]),
    ]);
    const contentInfo = seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]);
    return Buffer.from(der(contentInfo), 'binary');
  }
}
