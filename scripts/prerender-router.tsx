/**
 * Build-time stand-in for 'react-router' (used only by scripts/prerender.ts): everything is
 * re-exported unchanged except BrowserRouter, which becomes a StaticRouter at the page being
 * prerendered, so the real <App /> renders in Node without a window or history.
 */
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';

export * from 'react-router';

let location = '/';

export function setPrerenderLocation(url: string) {
  location = url;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  return <StaticRouter location={location}>{children}</StaticRouter>;
}
