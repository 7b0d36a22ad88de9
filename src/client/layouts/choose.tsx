import type { ComponentType, ReactNode } from 'react';

type Layout = ComponentType<{ children: ReactNode }>;
export type LayoutKind = 'guest' | 'public' | 'error' | 'app' | 'bare';

/** The layout is chosen by the page name's prefix. */
export function layoutKind(name: string): LayoutKind {
  if (name.startsWith('auth/')) return 'guest';
  if (name.startsWith('errors/')) return 'error';
  // the public form page: no app shell, no menus, nothing but the form
  if (name.startsWith('public-forms/')) return 'bare';
  if (name === 'welcome' || name.startsWith('legal/') || name.startsWith('public/'))
    return 'public';
  return 'app';
}

// each layout is its own chunk: the sign-in page does not download the app shell (menus, sidebar)
const loaders: Record<LayoutKind, () => Promise<Layout>> = {
  guest: () => import('./guest-layout').then((m) => m.GuestLayout),
  public: () => import('./public-layout').then((m) => m.PublicLayout),
  app: () => import('./app-layout').then((m) => m.AppLayout),
  // the app's layout for a signed-in user, the public one otherwise (decided when it renders)
  error: () => import('./error-layout').then((m) => m.ErrorLayout),
  bare: () => import('./bare-layout').then((m) => m.BareLayout),
};
const loaded = new Map<LayoutKind, Layout>();

/** Load the layout of a page (called while resolving the page, before it renders). */
export async function loadLayout(name: string): Promise<Layout> {
  const kind = layoutKind(name);
  let layout = loaded.get(kind);
  if (!layout) {
    layout = await loaders[kind]();
    loaded.set(kind, layout);
  }
  return layout;
}

/** The already-loaded layout of a page (Inertia's `layout` option is synchronous). */
export function layoutFor(name: string): Layout | undefined {
  return loaded.get(layoutKind(name));
}
