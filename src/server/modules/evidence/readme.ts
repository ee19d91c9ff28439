/**
 * The texts a pack carries for its recipient (decision 052): the README with the exact hash recipe
 * (the audit chain's version 1, decision 042) and a dependency-free Node script that checks it.
 * They are English: the DFSA works in English, and a regulator's examiner is the reader.
 */

export function readmeText(p: {
  company: string;
  scopeLine: string;
  producedAt: string;
  producedBy: string;
  headSeq: number;
  headHash: string;
  extractRows: number;
  firstSeq: number | null;
}): string {
  return `EVIDENCE PACK - ${p.company}
${p.scopeLine}
Produced ${p.producedAt} by ${p.producedBy}.

WHAT IS IN THIS ARCHIVE
  index.pdf            A printable index: what each folder holds, every file with its size and SHA-256.
  manifest.json        The same list for machines (path, bytes, sha256; for a stored file also the
                       SHA-256 recorded when it was uploaded or generated).
  data/*.json          The records, one file per kind (profile, classification, KYC, screening,
                       subscriptions and signatures, capital-account ledger, documents, messages,
                       legal holds), as stored, with ids and UTC timestamps.
  files/...            The documents themselves: KYC documents, classification evidence, the signed
                       subscription documents (executed PDFs), statements, message attachments.
  audit/extract.jsonl  The audit-trail rows about this scope, one JSON object a line, each with
                       its chain position (seq), prevHash and rowHash.
  audit/links.csv      seq,prev_hash,row_hash of EVERY chain position from the first extracted row
                       to the head (rows about others appear as hashes only, without content).
  audit/head.json      The head of the chain when the pack was produced: position ${p.headSeq},
                       hash ${p.headHash}.
  verify-chain.mjs     A script (Node.js 18 or later, no packages) that performs the checks below:
                       node verify-chain.mjs <folder where this archive was unpacked>

HOW THE AUDIT TRAIL IS VERIFIED (${p.extractRows} extracted rows${p.firstSeq === null ? '' : `, from position ${p.firstSeq}`})
Every row of the firm's activity log is a link of one hash chain, computed by the database when the
row is committed:
  row_hash = SHA-256( prev_hash + "|" + content )   (hex, lower case; UTF-8 text)
  content  = "v1|" + F(id) + "|" + F(activityType) + "|" + F(userId) + "|" + F(targetUserId)
             + "|" + F(details) + "|" + F(ipAddress) + "|" + F(createdUtc)
  F(x)     = "~" when x is null, else <number of UTF-8 bytes of x> + ":" + x
The first row's prev_hash is 64 zeros. Each field is the text given in extract.jsonl (details is
the JSON text exactly as stored; createdUtc has microseconds and a Z).
1. For each row of extract.jsonl, recompute row_hash from its prevHash and content: it must equal
   rowHash. (The content is what the firm recorded; a changed character changes the hash.)
2. In links.csv each row's prev_hash must equal the row_hash of the row before, positions without
   a gap: the extracted rows are links of one unbroken chain.
3. Each extracted row's seq, prevHash and rowHash must appear in links.csv.
4. The last row_hash of links.csv must equal the head in head.json. Compare that hash with one the
   firm gave you independently (its exported head at position ${p.headSeq} or later, e-mailed or
   printed, decision 042): a match shows the whole chain up to the head is the one the firm
   committed to, so no row of this extract was changed, removed or slipped in afterwards.
The check proves the integrity of what is extracted; whether the extract is complete for its
subject rests on the selection (rows by, about or naming the investor; naming the deal; or
written in the period), which the firm can repeat on request.
`;
}

/** The recipient's verifier: the checks of the README, with no dependencies. */
export const VERIFY_SCRIPT = `// Verifies an evidence pack's audit-trail extract (see README.txt). Usage: node verify-chain.mjs [folder]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.';
const read = (name) => readFileSync(join(dir, name), 'utf8');
const F = (x) => (x === null ? '~' : Buffer.byteLength(x, 'utf8') + ':' + x);
const content = (r) => 'v1|' + [r.id, r.activityType, r.userId, r.targetUserId, r.details, r.ipAddress, r.createdUtc].map(F).join('|');
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

const head = JSON.parse(read('audit/head.json'));
const extract = read('audit/extract.jsonl').split('\\n').filter(Boolean).map((l) => JSON.parse(l));
const links = read('audit/links.csv').split('\\n').slice(1).filter(Boolean).map((l) => {
  const [seq, prev, hash] = l.split(',');
  return { seq: Number(seq), prev, hash };
});
const problems = [];
for (const r of extract) {
  if (sha256(r.prevHash + '|' + content(r)) !== r.rowHash) problems.push('row at position ' + r.seq + ' (id ' + r.id + ') does not match its hash');
}
const bySeq = new Map();
for (let i = 0; i < links.length; i++) {
  const l = links[i];
  bySeq.set(l.seq, l);
  if (i > 0) {
    if (l.seq !== links[i - 1].seq + 1) problems.push('position ' + (links[i - 1].seq + 1) + ' is missing from links.csv');
    if (l.prev !== links[i - 1].hash) problems.push('position ' + l.seq + ' does not follow position ' + links[i - 1].seq);
  }
}
for (const r of extract) {
  const l = bySeq.get(r.seq);
  if (!l || l.prev !== r.prevHash || l.hash !== r.rowHash) problems.push('row at position ' + r.seq + ' is not the chain link at that position');
}
const last = links.at(-1);
if (links.length > 0 && (last.seq !== head.seq || last.hash !== head.hash)) problems.push('the links do not end at the head in head.json');
if (problems.length > 0) {
  console.log('NOT VERIFIED:');
  for (const p of problems) console.log('  ' + p);
  process.exit(1);
}
console.log('VERIFIED: ' + extract.length + ' extracted rows are links of one chain of ' + links.length + ' positions ending at');
console.log('  position ' + head.seq + ' with hash ' + head.hash);
console.log('Compare this hash with the one the firm gave you independently.');
`;
