import { Trans } from 'react-i18next';
import { DEAL_STAGES, DEAL_STATUSES, type Deal, updateDealInput } from '../../../shared/deals';
import { formatUSD } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { NativeSelect } from '../../components/ui/select';
import { SessionEndedNotice, useSessionEnded } from '../../components/ui/session-ended';
import { ApiError } from '../../lib/api';
import { useFormDraft } from '../../lib/draft';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { updateErrorText, useUpdateDeal } from './api';
import { DealFields, type DealFormValues, dealBody, dealFormSchema, OTHER_SPV } from './deal-form';
import { dealsText } from './i18n';

export const draftKey = (id: string) => `edit-deal:${id}`;

interface EditValues extends DealFormValues {
  status: string;
  stage: string;
}

/** '2500000.00' -> '2500000' for editing; cents stay when there are any. */
const editableAmount = (v: string | null) => (v ?? '').replace(/\.0+$/, '');

function formFromDeal(deal: Deal): EditValues {
  return {
    title: deal.title,
    type: deal.type,
    targetAmount: editableAmount(deal.targetAmount),
    expectedIrr: deal.expectedIrr ?? '',
    riskScore: deal.riskScore ?? '',
    spvChoice: deal.spvEntity ?? '',
    spvOther: '',
    nextStep: deal.nextStep ?? '',
    description: deal.description ?? '',
    status: deal.status,
    stage: deal.stage,
  };
}

function editBody(v: Partial<EditValues> & DealFormValues) {
  return { ...dealBody(v), status: v.status, stage: v.stage };
}

const schema = dealFormSchema(updateDealInput, editBody);

/** Edit a deal: every field; only what changed is sent, so the activity log lists exactly that. */
export function DealEditForm({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const { t } = dealsText.useT();
  const original = formFromDeal(deal);
  const form = useZodForm(schema, { defaultValues: original, guardUnsaved: true });
  const clearDraft = useFormDraft(draftKey(deal.id), form, original);
  const session = useSessionEnded();
  const update = useUpdateDeal(deal.id);
  const spvChoice = form.watch('spvChoice');
  const spvOther = form.watch('spvOther');

  function cancel() {
    clearDraft();
    onDone();
  }

  const submit = form.handleSubmit(async (parsed) => {
    session.setEnded(false);
    // Send only what changed, so the activity log lists exactly the edited fields.
    const before = editBody(original) as Record<string, unknown>;
    const typed = editBody(form.getValues()) as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (String(typed[key] ?? '') !== String(before[key] ?? '')) patch[key] = value;
    }
    if (Object.keys(patch).length === 0) {
      toast.info(t('edit.noChanges'));
      cancel();
      return;
    }
    try {
      await update.mutateAsync(patch);
      toast.success(t('edit.updated'));
      cancel();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        session.setEnded(true);
        return;
      }
      const failed = t('edit.updateFailed');
      form.applyServerError(err, { fallback: failed, rename: { spvEntity: 'spvChoice' } });
      const description = updateErrorText(err);
      toast.error(failed, description && description !== failed ? { description } : undefined);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('edit.title')}</CardTitle>
        <CardDescription>{t('edit.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <DealFields
              idPrefix="edit-deal"
              form={form}
              afterType={
                <>
                  <Field label={t('edit.status')} htmlFor="edit-deal-status" error={form.errorOf('status')}>
                    <NativeSelect
                      {...form.field('status', 'edit-deal-status')}
                      options={DEAL_STATUSES.map((s) => ({ value: s, label: enumLabel('dealStatus', s) }))}
                    />
                  </Field>
                  <Field label={t('edit.stage')} htmlFor="edit-deal-stage" error={form.errorOf('stage')}>
                    <NativeSelect
                      {...form.field('stage', 'edit-deal-stage')}
                      options={DEAL_STAGES.map((s) => ({ value: s, label: enumLabel('dealStage', s) }))}
                    />
                  </Field>
                </>
              }
              afterTarget={
                <div className="flex flex-col gap-1.5">
                  <span className="text-sm font-medium text-text">{t('edit.committed')}</span>
                  <p className="tabular text-sm text-ink-900">{formatUSD(deal.committedAmount)}</p>
                  <p className="text-sm text-muted">{t('edit.committedHint')}</p>
                </div>
              }
            />
          </div>
          {spvChoice === OTHER_SPV && !spvOther.trim() && <p className="text-sm text-muted">{t('edit.emptyOther')}</p>}
          <SessionEndedNotice state={session}>
            <Trans t={t} i18nKey="edit.sessionEnded" components={[<span key="0" className="font-medium" />]} />
          </SessionEndedNotice>
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={cancel} disabled={form.busy}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" busy={form.busy}>
              {form.busy ? t('edit.saving') : t('edit.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
