/**
 * Server-side entry for the build-time prerender (scripts/prerender.ts): renders the real app
 * (the same tree src/web/main.tsx hydrates) at a path to static HTML, waiting for lazy routes.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from '../src/web/app/app';
import { setPrerenderLocation } from './prerender-router';

export async function render(url: string): Promise<string> {
  setPrerenderLocation(url);
  const { prelude } = await prerender(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
