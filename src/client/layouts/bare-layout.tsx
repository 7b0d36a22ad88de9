import type { ReactNode } from 'react';

/** The public form page's layout: nothing around the page (no app shell, no sign-in bar). */
export function BareLayout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
