import { useId } from 'react';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookWithSecret, webhookCreateInput } from '../../../shared/webhooks';
import { DialogActions, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { ShownOnceSecret } from '../../components/ui/shown-once-secret';
import { toast } from '../../lib/toast';
import { serverMessage, useCreateWebhook, useRotateSecret, useUpdateWebhook } from './api';
import { webhooksText } from './i18n';

/** Add or edit an endpoint: address, description, events (at least one), enabled. */
export function EndpointForm({
  endpoint,
  onCreated,
  onSaved,
}: {
  endpoint: WebhookEndpoint | null;
  onCreated: (c: WebhookWithSecret) => void;
  onSaved: () => void;
}) {
  const { t } = webhooksText.useT();
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useZodForm(webhookCreateInput, {
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
      enabled: endpoint?.enabled ?? true,
    },
  });
  const eventsError = form.errorOf('events');

  const submit = form.handleSubmit(async (values) => {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body: values });
        toast.success(t('form.saved'));
        onSaved();
      } else {
        const made = await create.mutateAsync(values);
        toast.success(t('form.created'));
        onCreated(made);
      }
    } catch (err) {
      form.applyServerError(err, { fallback: t('form.failed') });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={endpoint ? t('form.editTitle') : t('form.addTitle')} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{endpoint ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogDescription>{t('form.text')}</DialogDescription>
      </DialogHeader>
      <Field label={t('form.url')} htmlFor={id('url')} error={form.errorOf('url')} hint={t('form.urlHint')} required>
        <Input {...form.field('url', id('url'), { hint: true })} type="url" dir="ltr" maxLength={2000} autoComplete="off" required />
      </Field>
      <Field label={t('form.description')} htmlFor={id('description')} error={form.errorOf('description')} hint={t('form.descriptionHint')}>
        <Input {...form.field('description', id('description'), { hint: true })} maxLength={200} autoComplete="off" />
      </Field>
      <fieldset aria-describedby={eventsError ? `${id('events')}-error` : `${id('events')}-hint`} className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-text">
          {t('form.events')}
          <span aria-hidden="true" className="ms-0.5 text-danger-700">
            *
          </span>
        </legend>
        <p id={`${id('events')}-hint`} className="text-sm text-muted">
          {t('form.eventsHint')}
        </p>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={event}
              {...form.register('events')}
              className="size-4.5 accent-gold-600"
              aria-invalid={eventsError ? true : undefined}
            />
            <span>
              {t(`event.${event}`)}{' '}
              <code className="text-xs text-muted" dir="ltr">
                {event}
              </code>
            </span>
          </label>
        ))}
        {eventsError && (
          <p id={`${id('events')}-error`} className="text-sm text-danger-700">
            {eventsError}
          </p>
        )}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('enabled')} className="size-4.5 accent-gold-600" />
        {t('form.enabled')}
      </label>
      <FormError>{form.formError}</FormError>
      <DialogActions
        submit={endpoint ? t('form.save') : t('form.create')}
        busyLabel={endpoint ? t('form.saving') : t('form.creating')}
        busy={form.busy}
      />
    </form>
  );
}

/** The secret after a creation or rotation: shown once, with a copy button. */
export function SecretView({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = webhooksText.useT();
  const texts = {
    title: t('secret.title'),
    text: t('secret.text'),
    label: t('secret.label'),
    copy: t('secret.copy'),
    copied: t('secret.copied'),
    copyFailed: t('secret.copyFailed'),
    done: t('secret.done'),
  };
  return <ShownOnceSecret value={secret} texts={texts} onDone={onDone} />;
}

export function RotateConfirm({ endpoint, onRotated }: { endpoint: WebhookEndpoint; onRotated: (secret: string) => void }) {
  const { t } = webhooksText.useT();
  const rotate = useRotateSecret();
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('secret.rotateTitle')}</DialogTitle>
        <DialogDescription>{t('secret.rotateText')}</DialogDescription>
      </DialogHeader>
      <DialogActions
        submit={t('rotate')}
        variant="danger"
        busy={rotate.isPending}
        onSubmit={async () => {
          try {
            onRotated((await rotate.mutateAsync(endpoint.id)).secret);
          } catch (err) {
            toast.error(t('secret.rotateFailed'), { description: serverMessage(err) });
          }
        }}
      />
    </div>
  );
}
