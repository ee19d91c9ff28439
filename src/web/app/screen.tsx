import { type ReactNode, Suspense } from 'react';
import { PageLoading } from '../components/ui/spinner';

/**
 * One route's screen, loaded as a chunk of its own, behind a Suspense boundary of its own.
 *
 * The key matters. React Router runs navigations as React transitions, and a transition never
 * hides content a boundary already shows. With one boundary around every route, the previous
 * screen stayed mounted while the next one's chunk loaded, though the URL had already changed.
 * Its unsaved-changes guard was still armed and refused the next click (two CI flakes; decision
 * record 022). A boundary keyed by the route is new on every change of screen. The transition
 * commits at once, showing this boundary's fallback, and the previous screen unmounts with its
 * guard.
 */
export function Screen({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense key={id} fallback={<PageLoading />}>
      {children}
    </Suspense>
  );
}
