import { Copy } from 'lucide-react';
import { useId } from 'react';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { Button } from './button';
import { DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { Field, fieldProps } from './field';
import { Input } from './input';

/** The texts of a shown-once secret, in the caller's own namespace. */
export interface ShownOnceTexts {
  title: string;
  text: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret the server shows once (an API token, a calendar feed link, a webhook signing secret):
 * the dialog body with the value read-only and selected on focus, left-to-right in Arabic too, a
 * copy button that says whether the copy worked, and Done. The caller owns the dialog.
 */
export function ShownOnceSecret({ value, texts, onDone }: { value: string; texts: ShownOnceTexts; onDone: () => void }) {
  const uid = useId();
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription>{texts.text}</DialogDescription>
      </DialogHeader>
      <Field label={texts.label} htmlFor={`${uid}-secret`}>
        <Input
          {...fieldProps(`${uid}-secret`)}
          readOnly
          value={value}
          dir="ltr"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="secondary"
          onClick={async () => {
            if (await copyText(value)) toast.success(texts.copied);
            else toast.error(texts.copyFailed);
          }}
        >
          <Copy aria-hidden="true" />
          {texts.copy}
        </Button>
        <Button type="button" onClick={onDone}>
          {texts.done}
        </Button>
      </div>
    </div>
  );
}
