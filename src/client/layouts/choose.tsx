import { AppLayout } from './app-layout';
import { GuestLayout } from './guest-layout';
import { PublicLayout } from './public-layout';

/** The layout is chosen by the page name's prefix. */
export function layoutFor(name: string) {
  if (name.startsWith('auth/')) return GuestLayout;
  if (name === 'welcome' || name.startsWith('legal/') || name.startsWith('errors/') || name.startsWith('public/')) return PublicLayout;
  return AppLayout;
}
