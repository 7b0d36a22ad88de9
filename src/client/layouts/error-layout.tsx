import type { ReactNode } from 'react';
import { useShared } from '../hooks/use-shared';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';

/** Error pages (403, 404, ...): inside the app (sidebar, navigation) for a signed-in user, else the public bar. */
export function ErrorLayout({ children }: { children: ReactNode }) {
  const { auth } = useShared();
  if (auth?.user?.emailVerified) return <AppLayout>{children}</AppLayout>;
  return <PublicLayout>{children}</PublicLayout>;
}
