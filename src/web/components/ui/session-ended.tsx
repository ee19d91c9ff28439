import { LogIn } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { common } from '../../lib/i18n';
import { Button } from './button';

/**
 * "Your session has ended": shown on a form whose save came back 401. The form keeps its input
 * (a draft); Sign in again checks the session first (it may have been restored in another tab,
 * then the notice just closes) and otherwise goes to the login page, which returns here.
 */
export function useSessionEnded() {
  const [ended, setEnded] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  async function signInAgain() {
    setSigningIn(true);
    // Tell the auth context the session is gone, so the login page does not bounce straight back.
    const user = await refresh().catch(() => null);
    setSigningIn(false);
    if (user) {
      setEnded(false);
      return;
    }
    navigate('/login', { state: { from: location } });
  }
  return { ended, setEnded, signingIn, signInAgain };
}

export function SessionEndedNotice({ state, children }: { state: ReturnType<typeof useSessionEnded>; children: ReactNode }) {
  if (!state.ended) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md bg-danger-100 px-4 py-3 text-sm text-danger-700 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{children}</p>
      <Button type="button" variant="secondary" size="sm" onClick={() => void state.signInAgain()} busy={state.signingIn}>
        <LogIn aria-hidden="true" />
        {common.t('session.signInAgain')}
      </Button>
    </div>
  );
}
