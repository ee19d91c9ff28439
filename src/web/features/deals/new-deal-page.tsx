import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createDealInput, DEAL_MESSAGES } from '../../../shared/deals';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { SessionEndedNotice, useSessionEnded } from '../../components/ui/session-ended';
import { ApiError } from '../../lib/api';
import { useDraft } from '../../lib/draft';
import { useCreateDeal } from './api';
import { DealFields, type DealFormValues, dealBody, EMPTY_DEAL_FORM, type FieldErrors, focusFirstInvalid, validate } from './deal-form';

export default function NewDealPage() {
  const navigate = useNavigate();
  const [values, setValues, clearDraft] = useDraft<DealFormValues>('new-deal', EMPTY_DEAL_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const session = useSessionEnded();
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
    session.setEnded(false);
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
          session.setEnded(true);
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
            <SessionEndedNotice state={session}>
              <span className="font-medium">{DEAL_MESSAGES.mustLogin}</span>. Your form is kept: sign in again and you will come back to it.
            </SessionEndedNotice>
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
