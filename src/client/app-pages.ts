import type { PageModule, PageModules } from './outside-pages';

// The signed-in app's pages (most of them): this map is its own chunk, loaded on the first signed-in
// page, so a new app page does not grow the sign-in page's first load (each line of a lazy page map
// costs the entry about 75 bytes gzipped). outside-pages.ts maps the rest, in the entry;
// page-maps.test.ts checks that the two maps share out every page file.
export const appPages: PageModules = import.meta.glob<PageModule>([
  './pages/**/*.tsx',
  '!./pages/auth/**',
  '!./pages/errors/**',
  '!./pages/legal/**',
  '!./pages/welcome.tsx',
]);
