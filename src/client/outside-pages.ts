import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageModule = { default: ComponentType<any> };
export type PageModules = Record<string, () => Promise<PageModule>>;

/**
 * The pages a visitor opens without the signed-in app (sign-in, registration, errors, legal, the
 * welcome page): their map stays in the entry. app-pages.ts maps the others.
 */
export const outsidePages: PageModules = import.meta.glob<PageModule>([
  './pages/auth/**/*.tsx',
  './pages/errors/**/*.tsx',
  './pages/legal/**/*.tsx',
  './pages/welcome.tsx',
]);
