import { ArrowLeft } from 'lucide-react';
import { Trans } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { createDealInput } from '../../../shared/deals';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useZodForm } from '../../components/ui/form';
import { SessionEndedNotice, useSessionEnded } from '../../components/ui/session-ended';
import { ApiError } from '../../lib/api';
import { useFormDraft } from '../../lib/draft';
import { toast } from '../../lib/toast';
import { useCreateDeal } from './api';
import { DealFields, dealBody, dealFormSchema, EMPTY_DEAL_FORM } from './deal-form';
import { dealsText } from './i18n';

const schema = dealFormSchema(createDealInput, dealBody);

export default function NewDealPage() {
  const { t } = dealsText.useT();
  const navigate = useNavigate();
  const form = useZodForm(schema, { defaultValues: EMPTY_DEAL_FORM, guardUnsaved: true });
  const clearDraft = useFormDraft('new-deal', form, EMPTY_DEAL_FORM);
  const session = useSessionEnded();
  const create = useCreateDeal();

  const submit = form.handleSubmit(async (body) => {
    session.setEnded(false);
    try {
      await create.mutateAsync(body);
      toast.success(t('messages.created'));
      clearDraft();
      navigate('/admin/deals');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // The session ended while the form was open: the draft keeps what was typed.
        session.setEnded(true);
        return;
      }
      form.applyServerError(err, { fallback: t('messages.createFailed'), rename: { spvEntity: 'spvChoice' } });
      toast.error(t('messages.createFailed'));
    }
  });

  return (
    <>
      <div className="mb-4">
        <Button asChild variant="ghost" size="sm" className="-ms-3">
          <Link to="/admin/deals">
            <ArrowLeft aria-hidden="true" />
            {t('back')}
          </Link>
        </Button>
      </div>
      <PageHeader title={t('new.title')} description={t('new.description')} />
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <p className="text-sm text-muted">
              <Trans
                t={t}
                i18nKey="new.required"
                components={[<span key="0" aria-hidden="true" className="text-danger-700" />, <span key="1" className="sr-only" />]}
              />
            </p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <DealFields idPrefix="new-deal" form={form} />
            </div>
            <SessionEndedNotice state={session}>
              <Trans
                t={t}
                i18nKey="new.sessionEnded"
                values={{ message: t('messages.mustLogin') }}
                components={[<span key="0" className="font-medium" />]}
              />
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
                {t('new.cancel')}
              </Button>
              <Button type="submit" busy={form.busy}>
                {form.busy ? t('new.creating') : t('new.create')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
