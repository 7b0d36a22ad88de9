import { useEffect } from 'react';
import { router } from '@inertiajs/react';

/**
 * While `active` (a job queued or running, a delivery pending, a connection being tested), reload
 * the page's props (only the `only` ones, if given) every `everyMs`. A page that also listens on
 * the live channel uses it as the fallback for an event it missed: one sent before the page
 * subscribed (the page opened just as the work ended), or during a lost connection.
 */
export function useReloadWhile(active: boolean, everyMs: number, only?: string[]) {
  // the props' names as one value: a new array each render must not restart the timer
  const names = only?.join(',') ?? '';
  useEffect(() => {
    if (!active) return;
    const t = setInterval(
      () => router.reload(names ? { only: names.split(',') } : undefined),
      everyMs,
    );
    return () => clearInterval(t);
  }, [active, everyMs, names]);
}
