import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatBytes, formatFigure } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { ApiError } from '../../lib/api';
import { errorMessage } from './api';
import { messagesText } from './i18n';
import { ACCEPT, ALLOWED_EXTENSIONS, checkAttachment } from './message-parts';

export function AttachmentField({
  id,
  file,
  error,
  disabled,
  inputKey,
  onChange,
}: {
  id: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  inputKey: number;
  onChange: (file: File | null) => void;
}) {
  const { t } = messagesText.useT();
  const hint = file ? (
    <>
      <bdi>{file.name}</bdi> · <span className="tabular">{formatBytes(file.size)}</span>
    </>
  ) : (
    t('attachment.optional', { allowed: ALLOWED_EXTENSIONS })
  );
  return (
    <Field label={t('attachment.label')} htmlFor={id} error={error} hint={hint}>
      <div className="flex items-center gap-2">
        <Input
          key={inputKey}
          {...fieldProps(id, error, true)}
          type="file"
          accept={ACCEPT}
          disabled={disabled}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className="min-w-0 cursor-pointer py-1.5 file:me-3 file:cursor-pointer file:rounded file:border-0 file:bg-ink-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-ink-900 hover:file:bg-ink-50"
        />
        {file && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={disabled}
            onClick={() => onChange(null)}
            aria-label={t('attachment.remove')}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    </Field>
  );
}

export function SendingProgress({ progress, fileName }: { progress: number; fileName: string }) {
  const { t } = messagesText.useT();
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      <p className="text-sm text-muted">
        {t('attachment.sending', { name: fileName })} <span className="tabular">{formatFigure(`${Math.round(progress)}%`)}</span>
      </p>
      <Progress value={progress} label={t('attachment.progress')} showValue />
    </div>
  );
}

/** Shared state of a form that sends text and an optional file with progress. */
export function useAttachmentForm() {
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  return {
    file,
    inputKey,
    errors,
    setErrors,
    progress,
    setProgress,
    abortRef,
    sending: progress !== null,
    clearError(key: string) {
      setErrors((e) => {
        if (!(key in e) && !('form' in e)) return e;
        const { [key]: _k, form: _f, ...rest } = e;
        return rest;
      });
    },
    chooseFile(next: File | null) {
      setFile(next);
      if (!next) setInputKey((k) => k + 1);
      const problem = next ? checkAttachment(next) : null;
      setErrors(({ file: _f, form: _g, ...rest }) => (problem ? { ...rest, file: problem } : rest));
    },
    resetFile() {
      setFile(null);
      setInputKey((k) => k + 1);
    },
  };
}

/** Maps a failed send to field errors or a form-level message; returns the toast description. */
export function applyFailure(err: unknown, setErrors: (e: Record<string, string>) => void): string | undefined {
  const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
  const message = errorMessage(err);
  if (Object.keys(fields).length) setErrors(fields);
  else if (err instanceof ApiError && err.status === 413) setErrors({ file: message ?? messagesText.t('tooLarge') });
  else setErrors({ form: message ?? messagesText.t('tryAgain') });
  return message;
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';
