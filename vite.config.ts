import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { precompress } from './src/build/precompress.js';

export default defineConfig(({ command, mode }) => {
  // A production-mode build is always a production bundle, whatever NODE_ENV the caller has: Vite keeps an
  // inherited NODE_ENV (e.g. 'test' from Vitest, when the e2e setup builds the client), which bundled React's
  // development build and the dev JSX runtime (+60 KB gzipped on every page). A development bundle is still
  // `NODE_ENV=development vite build --mode development`. Vite reads NODE_ENV only after loading this file.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    // precompress: .br and .gz beside each built asset, sent as they are (no compression per request)
    plugins: [react(), precompress()],
    resolve: {
      alias: {
        '@shared': path.resolve(import.meta.dirname, 'src/shared'),
        '@client': path.resolve(import.meta.dirname, 'src/client'),
      },
    },
    publicDir: 'public',
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      rolldownOptions: {
        // the app (Inertia + Mantine) and the public form page's own small entry (no Inertia, no Mantine)
        input: ['src/client/app.tsx', 'src/client/public-form/main.tsx'],
        output: {
          // React and React DOM, then Inertia, change rarely: long-cached chunks every app page needs.
          // React is a chunk of its own so the public form page (no Inertia) loads it without Inertia.
          // Mantine stays split per component so a page downloads only what it renders.
          codeSplitting: {
            groups: [
              {
                // Vite's helper for dynamic imports: both entries use it (the public form loads its
                // word catalogues on demand); left to itself it lands in the Inertia vendor chunk
                name: 'preload',
                test: /vite\/preload-helper/,
                priority: 3,
              },
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 2,
              },
              {
                name: 'vendor',
                test: /node_modules[\\/](@inertiajs|es-toolkit|laravel-precognition)[\\/]/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  };
});
