import { ArrowLeft, LogIn } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createDealInput, DEAL_MESSAGES } from '../../../shared/deals';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { useDraft } from '../../lib/draft';
import { useCreateDeal } from './api';
import { DealFields, type DealFormValues, dealBody, EMPTY_DEAL_FORM, type FieldErrors, focusFirstInvalid, validate } from './deal-form';

export default function NewDealPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useAuth();
  const [values, setValues, clearDraft] = useDraft<DealFormValues>('new-deal', EMPTY_DEAL_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sessionEnded, setSessionEnded] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateDeal();

  const set = <K extends keyof DealFormValues>(key: K, value: DealFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A corrected field drops its message; the others stay until the next submit.
    const errorKey = key === 'spvChoice' || key === 'spvOther' ? 'spvEntity' : key;
    setErrors((e) => (e[errorKey] ? { ...e, [errorKey]: undefined } : e));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setSessionEnded(false);
    const parsed = validate(createDealInput, dealBody(values));
    setErrors(parsed.errors ?? {});
    if (!parsed.data) {
      focusFirstInvalid(formRef.current);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(DEAL_MESSAGES.created);
        clearDraft();
        navigate('/admin/deals');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          // The session ended while the form was open: the draft keeps what was typed.
          setSessionEnded(true);
          return;
        }
        if (err instanceof ApiError && err.fields) {
          setErrors(err.fields);
          focusFirstInvalid(formRef.current);
        }
        toast.error(DEAL_MESSAGES.createFailed);
      },
    });
  }

  async function signInAgain() {
    setSigningIn(true);
    // Tell the auth context the session is gone, so the login page does not bounce straight back.
    const user = await refresh().catch(() => null);
    setSigningIn(false);
    if (user) {
      // The session is in fact alive (e.g. restored in another tab): just try again.
      setSessionEnded(false);
      return;
    }
    navigate('/login', { state: { from: location } });
  }

  return (
    <>
      <div className="mb-4">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/admin/deals">
            <ArrowLeft aria-hidden="true" />
            Back to Pipeline
          </Link>
        </Button>
      </div>
      <PageHeader title="New Deal Registration" description="Register a deal in the pipeline. It starts in Sourcing with status Pending." />
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
            <p className="text-sm text-muted">
              Fields marked{' '}
              <span aria-hidden="true" className="text-danger-700">
                *
              </span>
              <span className="sr-only">with an asterisk</span> are required.
            </p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <DealFields idPrefix="new-deal" values={values} errors={errors} set={set} />
            </div>
            {sessionEnded && (
              <div
                role="alert"
                className="flex flex-col gap-3 rounded-md bg-danger-100 px-4 py-3 text-sm text-danger-700 sm:flex-row sm:items-center sm:justify-between"
              >
                <p>
                  <span className="font-medium">{DEAL_MESSAGES.mustLogin}</span>. Your form is kept: sign in again and you will come back to
                  it.
                </p>
                <Button type="button" variant="secondary" size="sm" onClick={() => void signInAgain()} busy={signingIn}>
                  <LogIn aria-hidden="true" />
                  Sign in again
                </Button>
              </div>
            )}
            <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  clearDraft();
                  navigate('/admin/deals');
                }}
              >
                Cancel
              </Button>
              <Button type="submit" busy={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Deal'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
