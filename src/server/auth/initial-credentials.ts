import { appendFile, chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// DATA_DIR/initial-credentials.txt: the generated passwords of a first start (the bootstrap
// administrator, the demo accounts), readable by the owner only. Written by the seed, trimmed by
// sign-in when the bootstrap administrator changes the password; here, below both (issue 28: the
// auth module no longer imports the seed).

export const CREDENTIALS_FILE = 'initial-credentials.txt';

export const CREDENTIALS_NOTICE = '# Delete this file after reading it: it holds passwords. Keep them in a password manager instead.';
/** The comment line above the bootstrap administrator's credentials (seed/bootstrap.ts writes it). */
export const BOOTSTRAP_COMMENT = '# Bootstrap administrator';

/** Appends lines to DATA_DIR/initial-credentials.txt, readable by the owner only; a new file starts with the notice to delete it. */
export async function writeCredentials(dataDir: string, lines: string[]): Promise<string> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  const current = await readFile(file, 'utf8').catch(() => '');
  const head = current.includes(CREDENTIALS_NOTICE) ? [] : [CREDENTIALS_NOTICE];
  await appendFile(file, `${[...head, ...lines].join('\n')}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

/**
 * The bootstrap administrator changed the generated password: its line (and the comment above
 * it) leaves the credentials file, which is deleted when nothing else is left in it.
 */
export async function forgetBootstrapPassword(dataDir: string, email: string): Promise<void> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return;
  }
  const lines = text.split('\n');
  const isAdminLine = (l: string) => l.toLowerCase().startsWith(`admin\t${email.toLowerCase()}\t`);
  if (!lines.some(isAdminLine)) return;
  const kept = lines.filter((l) => !isAdminLine(l) && !l.startsWith(BOOTSTRAP_COMMENT));
  const rest = kept.filter((l) => l.trim() !== '' && l !== CREDENTIALS_NOTICE);
  if (rest.length === 0) {
    await rm(file, { force: true });
    return;
  }
  await writeFile(file, kept.join('\n'), { mode: 0o600 });
}
