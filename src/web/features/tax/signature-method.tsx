import { useId } from 'react';
import { SignaturePad } from '../signing/signature-pad';
import { taxText } from './i18n';

/**
 * How the investor signs the self-certification: the same choice as the subscription agreement
 * (decision 036): type their name (the name field is the signature) or draw on the signature pad.
 */
export function SignatureMethod(props: {
  method: 'typed' | 'drawn';
  onMethod: (m: 'typed' | 'drawn') => void;
  onDrawing: (png: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = taxText.useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text">{t('signMethod')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['typed', 'drawn'] as const).map((m) => (
            <label key={m} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={props.method === m}
                onChange={() => props.onMethod(m)}
                className="size-4 accent-gold-600"
              />
              {t(m === 'typed' ? 'signTyped' : 'signDrawn')}
            </label>
          ))}
        </div>
      </fieldset>
      {props.method === 'drawn' && (
        <div className="flex flex-col gap-1">
          <p id={`${id}-pad`} className="text-sm font-medium text-text">
            {t('pad')}
          </p>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {t('padHint')}
          </p>
          <SignaturePad onChange={props.onDrawing} labelId={`${id}-pad`} hintId={`${id}-hint`} />
          {props.error && (
            <p className="text-sm text-danger-700" role="alert">
              {props.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
