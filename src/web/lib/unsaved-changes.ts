import { useEffect } from 'react';
import { common } from './i18n';

/** The question before unsaved input is lost, in the user's language. */
export const unsavedChangesMessage = (): string => common.t('unsaved.question');

/**
 * Warns before leaving a form with unsaved input: closing or reloading the tab (beforeunload)
 * and following a link inside the app (a confirm; Cancel stays on the page). Self-contained:
 * call it with the form's dirty flag.
 *
 * react-router's useBlocker needs a data router; the app uses <BrowserRouter> (the prerender
 * build swaps it for a StaticRouter), so in-app navigation is caught at the link click, in the
 * capture phase before the router sees it.
 */
export function useUnsavedChangesGuard(dirty: boolean, message: string = unsavedChangesMessage()): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      // Another site: beforeunload asks. The same page (a #hash link, the skip link): nothing is lost.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      if (!window.confirm(message)) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, message]);
}
