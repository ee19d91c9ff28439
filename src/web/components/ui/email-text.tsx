import { Fragment } from 'react';
import { cn } from '../../lib/cn';

/**
 * An e-mail address that wraps at its natural points (before the "@" and before each dot of
 * the domain, as typographers break addresses) instead of letter by letter. The break points
 * are <wbr>: the text, what a screen reader reads and what copy takes, is the whole address;
 * the title shows it on hover. Left to right in Arabic too.
 */
export function EmailText({ address, className }: { address: string; className?: string }) {
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at);
  const domain = at < 0 ? '' : address.slice(at);
  const pieces = [...local.split(/(?=[._+-])/), ...domain.split(/(?=\.)/)].filter(Boolean);
  return (
    <bdi dir="ltr" title={address} className={cn('[overflow-wrap:break-word]', className)}>
      {pieces.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, in order.
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </bdi>
  );
}
