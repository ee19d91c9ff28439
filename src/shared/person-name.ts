import { z } from 'zod';

/**
 * A person's name is one line of text whose characters show as themselves (issue 27 item 5, found
 * at its audit): the C0 and C1 controls (CR, LF, tab, ESC and terminal sequences) and the
 * bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069) are refused where a
 * name is stored. A right-to-left override in a sign-up name otherwise reversed the rest of every
 * admin screen line that showed it ("KYC application: Eve ...gnp.exe" read backwards), and a line
 * break split it. The marks LRM, RLM and ALM (U+200E, U+200F, U+061C) stay allowed: they only help
 * an Arabic name keep its order and cannot reverse text. E-mails remove all of them anyway
 * (decision record 028).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what this refuses
export const NAME_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
export const NAME_CONTROL_MESSAGE = 'Remove line breaks and control or text-direction characters from the name';

/** A required person's name of at most 120 characters, trimmed, without control characters. */
export function personNameField(required: string, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(120, tooLong)
    .refine((v) => !NAME_CONTROL_CHARACTERS.test(v), NAME_CONTROL_MESSAGE);
}
