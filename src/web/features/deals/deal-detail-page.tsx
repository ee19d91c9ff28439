import { ArrowLeft, Download, Eye, FileSearch, LogIn, Pencil, RefreshCw } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DEAL_STAGES, DEAL_STATUSES, type Deal, daysInStage, updateDealInput } from '../../../shared/deals';
import { documentExpiry, type VaultDocument } from '../../../shared/documents';
import { formatDate, formatDateTime, formatNumber, formatUSD } from '../../../shared/format';
import { DealStatusBadge, DealTypeIcon } from '../../components/domain/deal';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { useDraft } from '../../lib/draft';
import { UPDATE_FAILED, UPDATED, updateErrorText, useDeal, useUpdateDeal } from './api';
import { DealActivityList } from './deal-activity';
import { ManagementFeeCard } from './deal-fees';
import { DealFields, type DealFormValues, dealBody, type FieldErrors, focusFirstInvalid, OTHER_SPV, validate } from './deal-form';
import { DealLedgerSummary } from './deal-ledger';
import { DealTermsCard } from './deal-terms';
import { daysLabel } from './deal-ui';
import { DealValuations } from './deal-valuations';
import { OneOffFeeCard } from './one-off-fee-card';

const draftKey = (id: string) => `edit-deal:${id}`;

function BackToPipeline() {
  return (
    <div className="mb-4">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/admin/deals">
          <ArrowLeft aria-hidden="true" />
          Back to Pipeline
        </Link>
      </Button>
    </div>
  );
}

export default function DealDetailPage() {
  const { id = '' } = useParams();
  const query = useDeal(id);
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';

  function setEditing(on: boolean) {
    if (on) {
      // A fresh edit starts from the deal as saved, not from an abandoned draft.
      sessionStorage.removeItem(`draft:${draftKey(id)}`);
      setParams({ edit: '1' });
    } else {
      setParams({}, { replace: true });
    }
  }

  if (query.isPending) {
    return (
      <>
        <BackToPipeline />
        <div role="status" className="sr-only">
          Loading deal...
        </div>
        <div aria-hidden="true" className="flex animate-pulse flex-col gap-4 motion-reduce:animate-none">
          <div className="h-8 w-1/2 rounded bg-ink-100" />
          <div className="h-48 rounded-lg bg-ink-100" />
          <div className="h-32 rounded-lg bg-ink-100" />
        </div>
      </>
    );
  }

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <BackToPipeline />
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
          <FileSearch aria-hidden="true" className="size-10 text-muted" />
          <h1 className="text-xl font-semibold text-ink-900">{notFound ? 'Deal not found' : 'The deal could not be loaded'}</h1>
          <p className="max-w-md text-sm text-muted">
            {notFound
              ? 'This deal does not exist or has been removed. Return to the pipeline to find another deal.'
              : 'Check your connection and try again.'}
          </p>
          {notFound ? (
            <Button asChild>
              <Link to="/admin/deals">Go to the Deal Pipeline</Link>
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
              <RefreshCw aria-hidden="true" />
              Retry
            </Button>
          )}
        </div>
      </>
    );
  }

  const { deal, documents, activity, valuations } = query.data;
  return (
    <>
      <BackToPipeline />
      <PageHeader
        title={deal.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <DealTypeIcon type={deal.type} className="size-7" />
            <span>{deal.type}</span>
            <span aria-hidden="true">·</span>
            <span>{deal.stage}</span>
            <DealStatusBadge status={deal.status} />
          </span>
        }
        actions={
          !editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        {editing ? <DealEditForm deal={deal} onDone={() => setEditing(false)} /> : <DealOverview deal={deal} />}
        <Card>
          <CardHeader>
            <CardTitle>Documents</CardTitle>
            <CardDescription>Files linked to this deal in the Document Vault.</CardDescription>
          </CardHeader>
          <CardContent>
            <DealDocuments title={deal.title} documents={documents} />
          </CardContent>
        </Card>
        <DealTermsCard dealId={deal.id} />
        <DealValuations dealId={deal.id} valuations={valuations} />
        <ManagementFeeCard dealId={deal.id} />
        <DealLedgerSummary dealId={deal.id} />
        <OneOffFeeCard dealId={deal.id} />
        <Card>
          <CardHeader>
            <CardTitle>Activity</CardTitle>
            <CardDescription>Changes to this deal, newest first.</CardDescription>
          </CardHeader>
          <CardContent>
            <DealActivityList activity={activity} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 lg:col-span-3' : 'min-w-0'}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-ink-900">{children}</dd>
    </div>
  );
}

const orTbd = (v: string | null) => v || <span className="text-muted">TBD</span>;

function DealOverview({ deal }: { deal: Deal }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Overview</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
          <Item label="Status">
            <DealStatusBadge status={deal.status} />
          </Item>
          <Item label="Stage">
            {deal.stage} <span className="text-muted">({daysLabel(daysInStage(deal.stageEnteredAt))})</span>
          </Item>
          <Item label="Deal type">{deal.type}</Item>
          <Item label="Target amount">
            <span className="tabular">
              {deal.targetAmount === null ? <span className="text-muted">Not set</span> : formatUSD(deal.targetAmount)}
            </span>
          </Item>
          <Item label="Committed amount">
            <span className="tabular">{formatUSD(deal.committedAmount)}</span>
            <span className="block text-xs text-muted">Sum of completed subscriptions</span>
          </Item>
          <Item label="Expected IRR">
            <span className="tabular">{orTbd(deal.expectedIrr)}</span>
          </Item>
          <Item label="Risk score">{orTbd(deal.riskScore)}</Item>
          <Item label="SPV entity">{deal.spvEntity || <span className="text-muted">None</span>}</Item>
          <Item label="Created">
            {formatDate(deal.createdAt)} by {deal.createdByName ?? (deal.createdBy ? 'Unknown' : 'System')}
          </Item>
          <Item label="Next step" wide>
            {deal.nextStep || <span className="text-muted">None recorded</span>}
          </Item>
          <Item label="Description" wide>
            {deal.description ? (
              <span className="whitespace-pre-wrap">{deal.description}</span>
            ) : (
              <span className="text-muted">No description</span>
            )}
          </Item>
          <Item label="Last updated" wide>
            <time dateTime={deal.updatedAt}>{formatDateTime(deal.updatedAt)}</time>
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}

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

function editBody(v: EditValues) {
  return { ...dealBody(v), status: v.status, stage: v.stage };
}

function DealEditForm({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useAuth();
  const original = formFromDeal(deal);
  const [values, setValues, clearDraft] = useDraft<EditValues>(draftKey(deal.id), original);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sessionEnded, setSessionEnded] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateDeal(deal.id);

  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const errorKey = key === 'spvChoice' || key === 'spvOther' ? 'spvEntity' : key;
    setErrors((e) => (e[errorKey] ? { ...e, [errorKey]: undefined } : e));
  };

  function cancel() {
    clearDraft();
    onDone();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSessionEnded(false);
    const body = editBody(values);
    const parsed = validate(updateDealInput, body);
    setErrors(parsed.errors ?? {});
    if (!parsed.data) {
      focusFirstInvalid(formRef.current);
      return;
    }
    // Send only what changed, so the activity log lists exactly the edited fields.
    const before = editBody(original) as Record<string, unknown>;
    const typed = body as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parsed.data)) {
      if (String(typed[key] ?? '') !== String(before[key] ?? '')) patch[key] = value;
    }
    if (Object.keys(patch).length === 0) {
      toast.info('No changes to save');
      cancel();
      return;
    }
    update.mutate(patch, {
      onSuccess: () => {
        toast.success(UPDATED);
        cancel();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          setSessionEnded(true);
          return;
        }
        if (err instanceof ApiError && err.fields) {
          setErrors(err.fields);
          focusFirstInvalid(formRef.current);
        }
        const description = updateErrorText(err);
        toast.error(UPDATE_FAILED, description && description !== UPDATE_FAILED ? { description } : undefined);
      },
    });
  }

  async function signInAgain() {
    setSigningIn(true);
    const user = await refresh().catch(() => null);
    setSigningIn(false);
    if (user) {
      setSessionEnded(false);
      return;
    }
    navigate('/login', { state: { from: location } });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Edit deal</CardTitle>
        <CardDescription>Every field can be changed; the activity log records what changed.</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <DealFields
              idPrefix="edit-deal"
              values={values}
              errors={errors}
              set={set}
              afterType={
                <>
                  <Field label="Status" htmlFor="edit-deal-status" error={errors.status}>
                    <NativeSelect
                      {...fieldProps('edit-deal-status', errors.status)}
                      value={values.status}
                      onChange={(e) => set('status', e.target.value)}
                      options={DEAL_STATUSES.map((s) => ({ value: s, label: s }))}
                    />
                  </Field>
                  <Field label="Stage" htmlFor="edit-deal-stage" error={errors.stage}>
                    <NativeSelect
                      {...fieldProps('edit-deal-stage', errors.stage)}
                      value={values.stage}
                      onChange={(e) => set('stage', e.target.value)}
                      options={DEAL_STAGES.map((s) => ({ value: s, label: s }))}
                    />
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
          {values.spvChoice === OTHER_SPV && !values.spvOther.trim() && (
            <p className="text-sm text-muted">An empty 'Other' SPV entity clears the deal's SPV.</p>
          )}
          {sessionEnded && (
            <div
              role="alert"
              className="flex flex-col gap-3 rounded-md bg-danger-100 px-4 py-3 text-sm text-danger-700 sm:flex-row sm:items-center sm:justify-between"
            >
              <p>
                <span className="font-medium">Your session has ended.</span> Your changes are kept: sign in again and you will come back to
                them.
              </p>
              <Button type="button" variant="secondary" size="sm" onClick={() => void signInAgain()} busy={signingIn}>
                <LogIn aria-hidden="true" />
                Sign in again
              </Button>
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ExpiryLabel({ date }: { date: string | null }) {
  const expiry = documentExpiry(date);
  switch (expiry.state) {
    case 'none':
      return <span className="text-muted">No expiry</span>;
    case 'expired':
      return <Badge tone="danger">Expired</Badge>;
    case 'expiring':
      return <Badge tone="warning">{expiry.label}</Badge>;
    case 'valid':
      return <span className="tabular">{formatDate(expiry.date)}</span>;
  }
}

function DealDocuments({ title, documents }: { title: string; documents: VaultDocument[] }) {
  return (
    <Table aria-label={`Documents for ${title}`} maxHeight="none">
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Type</TH>
          <TH className="text-right">Size</TH>
          <TH>Uploaded</TH>
          <TH>Expiry</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {documents.length === 0 ? (
          <EmptyRow colSpan={6}>
            No documents linked to this deal yet.{' '}
            <Link to="/admin/documents" className="font-medium text-gold-700 underline-offset-4 hover:underline">
              Upload one in the Document Vault
            </Link>
          </EmptyRow>
        ) : (
          documents.map((doc) => (
            <TR key={doc.id}>
              <TD className="max-w-64 font-medium break-words text-ink-900">{doc.name}</TD>
              <TD className="whitespace-nowrap">{doc.type}</TD>
              <TD className="tabular text-right whitespace-nowrap">{formatNumber(Number(doc.fileSize))} KB</TD>
              <TD className="tabular whitespace-nowrap">{formatDate(doc.uploadDate)}</TD>
              <TD className="whitespace-nowrap">
                <ExpiryLabel date={doc.expirationDate} />
              </TD>
              <TD>
                <div className="flex justify-end gap-2">
                  <a
                    href={`/api/documents/${encodeURIComponent(doc.id)}/view`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View ${doc.name} (opens in a new tab)`}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    <Eye aria-hidden="true" />
                    View
                  </a>
                  <a
                    href={`/api/documents/${encodeURIComponent(doc.id)}/download`}
                    download
                    aria-label={`Download ${doc.name}`}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </div>
              </TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
}
