import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLanguage } from './lib/i18n';
import { visitorLanguage } from './lib/language';
import { applyCompanyZoneFromPage } from './lib/time-zone';
import './styles.css';

/**
 * The pages the build prerenders (scripts/prerender.ts PAGES) and their lazy route modules,
 * loaded before hydrating so the route hydrates soon after the shell.
 */
const PRERENDERED: Record<string, () => Promise<unknown>> = {
  '/': () => import('./features/landing/landing-page'),
  '/login': () => import('./features/auth/login-page'),
};

/**
 * The prerendered HTML is the app's first render for a visitor who is not signed in. The
 * session check can legitimately change that render before the lazy route has hydrated (the
 * sign-in card replacing 'Initializing...', or a signed-in user's redirect); React then
 * renders that part on the client instead, which is the intended outcome, not an error.
 */
const isHydrationMismatch = (error: unknown) =>
  /Hydration failed|hydrating|react\.dev\/errors\/(418|419|421|423|425)\b/.test(String((error as Error)?.message ?? error));

// Dates and times count in the company's zone from the first render.
applyCompanyZoneFromPage();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.hasAttribute('data-prerendered')) {
  // The prerendered HTML is English: hydrate in English, then switch to the visitor's language.
  const load = PRERENDERED[window.location.pathname]?.() ?? Promise.resolve();
  void load
    .catch(() => undefined)
    .then(() => {
      hydrateRoot(root, app, {
        onRecoverableError(error) {
          if (!isHydrationMismatch(error)) reportError(error);
        },
      });
      const language = visitorLanguage();
      if (language !== 'en') void applyLanguage(language);
    });
} else {
  // The language this browser last used (the account's, once known, follows in LanguageSync).
  const language = visitorLanguage();
  void (language === 'en' ? Promise.resolve() : applyLanguage(language)).finally(() => createRoot(root).render(app));
}
