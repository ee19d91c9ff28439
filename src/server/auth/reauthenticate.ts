import type { AppUser } from '../../shared/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { typed } from '../db/typed.ts';
import { badRequest } from '../http/errors.ts';
import { releaseAttempt, reserveAttempt, settleAttempt } from './attempts.ts';
import { verifyPassword } from './password.ts';
import { totpStep } from './totp.ts';

/** The messages of one re-authenticated action (each is a key of the errors catalogue). */
export interface ReauthMessages {
  codeRequired: string;
  passwordRequired: string;
  wrongCode: string;
  wrongPassword: string;
  tooManyAttempts: string;
}

/**
 * Re-authentication at the moment of signing (decision 036; also the tax self-certification,
 * decision 049): the authenticator code when the user has two-factor authentication (each time
 * step once, shared with sign-in), else the account password. Counted by the `sign_document`
 * attempt limits (429 when exceeded); a wrong answer is 400 on its field.
 */
export async function reauthenticate(
  db: Db,
  config: Pick<Config, 'loginLimits' | 'ipv6LimitPrefix'>,
  user: Pick<AppUser, 'id'>,
  input: { password?: string | undefined; code?: string | undefined },
  ip: string,
  messages: ReauthMessages,
): Promise<'password' | 'totp'> {
  const tf = await typed(db)
    .selectFrom('two_factor')
    .select(['secret'])
    .where('userId', '=', user.id)
    .where('enabledAt', 'is not', null)
    .executeTakeFirst();
  if (tf && !input.code) throw badRequest(messages.codeRequired, { code: messages.codeRequired });
  if (!tf && !input.password) throw badRequest(messages.passwordRequired, { password: messages.passwordRequired });
  const attempt = await reserveAttempt(
    db,
    'sign_document',
    { account: user.id, ip },
    {
      perAccount: config.loginLimits.perAccount,
      perClient: config.loginLimits.perClient,
      windowMinutes: config.loginLimits.windowMinutes,
      ipv6Prefix: config.ipv6LimitPrefix,
      message: messages.tooManyAttempts,
    },
  );
  let ok = false;
  try {
    if (tf) {
      const step = totpStep(tf.secret, (input.code ?? '').replace(/\s/g, ''));
      if (step !== null) {
        // Each time step once, also across sign-in and signing.
        const used = await typed(db)
          .updateTable('two_factor')
          .set({ lastUsedStep: step })
          .where('userId', '=', user.id)
          .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
          .returning('userId')
          .execute();
        ok = used.length > 0;
      }
    } else {
      const cred = await typed(db).selectFrom('credentials').select('passwordHash').where('userId', '=', user.id).executeTakeFirst();
      ok = !!cred && (await verifyPassword(input.password ?? '', cred.passwordHash));
    }
  } catch (err) {
    await releaseAttempt(db, attempt).catch(() => {});
    throw err;
  }
  await settleAttempt(db, attempt, ok ? 'ok' : 'failed');
  if (!ok) {
    if (tf) throw badRequest(messages.wrongCode, { code: messages.wrongCode });
    throw badRequest(messages.wrongPassword, { password: messages.wrongPassword });
  }
  return tf ? 'totp' : 'password';
}
