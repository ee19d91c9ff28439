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
import { toast } from '../../lib/toast';
import { UPDATE_FAILED, UPDATED, updateErrorText, useUpdateDeal } from './api';
import { DealFields, type DealFormValues, dealBody, dealFormSchema, OTHER_SPV } from './deal-form';

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
      toast.info('No changes to save');
      cancel();
      return;
    }
    try {
      await update.mutateAsync(patch);
      toast.success(UPDATED);
      cancel();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        session.setEnded(true);
        return;
      }
      form.applyServerError(err, { fallback: UPDATE_FAILED, rename: { spvEntity: 'spvChoice' } });
      const description = updateErrorText(err);
      toast.error(UPDATE_FAILED, description && description !== UPDATE_FAILED ? { description } : undefined);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Edit deal</CardTitle>
        <CardDescription>Every field can be changed; the activity log records what changed.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <DealFields
              idPrefix="edit-deal"
              form={form}
              afterType={
                <>
                  <Field label="Status" htmlFor="edit-deal-status" error={form.errorOf('status')}>
                    <NativeSelect
                      {...form.field('status', 'edit-deal-status')}
                      options={DEAL_STATUSES.map((s) => ({ value: s, label: s }))}
                    />
                  </Field>
                  <Field label="Stage" htmlFor="edit-deal-stage" error={form.errorOf('stage')}>
                    <NativeSelect {...form.field('stage', 'edit-deal-stage')} options={DEAL_STAGES.map((s) => ({ value: s, label: s }))} />
                  </Field>
                </>
              }
              afterTarget={
                <div className="flex flex-col gap-1.5">
                  <span className="text-sm font-medium text-text">Committed Amount (USD)</span>
                  <p className="tabular text-sm text-ink-900">{formatUSD(deal.committedAmount)}</p>
                  <p className="text-sm text-muted">The sum of completed subscriptions, kept by the server.</p>
                </div>
              }
            />
          </div>
          {spvChoice === OTHER_SPV && !spvOther.trim() && (
            <p className="text-sm text-muted">An empty 'Other' SPV entity clears the deal's SPV.</p>
          )}
          <SessionEndedNotice state={session}>
            <span className="font-medium">Your session has ended.</span> Your changes are kept: sign in again and you will come back to
            them.
          </SessionEndedNotice>
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={cancel} disabled={form.busy}>
              Cancel
            </Button>
            <Button type="submit" busy={form.busy}>
              {form.busy ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
