import { lazy, Suspense } from 'react';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** The app's toasts, loaded after the first render (lib/toast.ts says why). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
