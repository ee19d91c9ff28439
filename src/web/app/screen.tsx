import { type ReactNode, Suspense } from 'react';
import { PageLoading } from '../components/ui/spinner';

/**
 * The screens of an area that load after its dashboard (one chunk), behind a Suspense boundary
 * of their own (decision record 022).
 *
 * React Router runs navigations as React transitions, and a transition never hides content a
 * boundary already shows: behind a boundary that was already on screen, the previous screen
 * would stay mounted while the chunk loads, though the URL had already changed. This boundary is
 * new when the user leaves the dashboard (the key makes sure of it), so the transition commits at
 * once with the loading status, and the dashboard unmounts.
 */
export function Screens({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense key={id} fallback={<PageLoading />}>
      {children}
    </Suspense>
  );
}
