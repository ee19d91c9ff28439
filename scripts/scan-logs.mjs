#!/usr/bin/env node
// The last step of `npm test`: no server log written by the suites holds a secret they used.
// Logs: .test-logs/*.log (API suites in-process, fault-test and e2e servers). Secrets: every
// password the API suites sent, session token they were issued and temporary password they were
// shown (.test-logs/secrets-*.txt, written by the test harness), plus the e2e passwords.
// Prints one line per leak and exits 1 when there is any.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.test-logs';
const known = ['e2e-admin-pass', 'e2e-demo-pass'];
const secrets = new Set(known);
for (const f of readdirSync(dir).filter((n) => /^secrets-.*\.txt$/.test(n))) {
  for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) if (line.length >= 8) secrets.add(line);
}
const logs = readdirSync(dir).filter((n) => n.endsWith('.log'));
const leaks = [];
let bytes = 0;
const DELIMS = /[\s"',:;{}[\]()=&?]+/;
for (const f of logs) {
  const text = readFileSync(path.join(dir, f), 'utf8');
  bytes += text.length;
  const tokens = new Set(text.split(DELIMS));
  for (const s of secrets) {
    // A secret without delimiters is found as a token; one with delimiters by a substring search.
    const found = DELIMS.test(s) ? text.includes(s) : tokens.has(s);
    if (found) leaks.push(`${f}: holds a secret the suites used (${s.slice(0, 3)}...)`);
  }
  if (/sd_session=[A-Za-z0-9_-]{20,}/.test(text)) leaks.push(`${f}: holds a session cookie`);
  if (/"(password|newPassword|currentPassword|temporaryPassword)"\s*:/.test(text)) leaks.push(`${f}: holds a password field`);
}
console.log(`Scanned ${logs.length} server logs (${(bytes / 1024 / 1024).toFixed(1)} MB) for ${secrets.size} secrets.`);
if (leaks.length) {
  console.log(`Secrets found in logs:\n  ${leaks.join('\n  ')}`);
  process.exit(1);
}
console.log('No secrets in server logs.');
