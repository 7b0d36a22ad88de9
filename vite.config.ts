import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { precompress } from './src/build/precompress';

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
        input: 'src/client/app.tsx',
        output: {
          // React, React DOM and Inertia change rarely: one long-cached chunk every page needs.
          // Mantine stays split per component so a page downloads only what it renders.
          codeSplitting: {
            groups: [
              {
                name: 'vendor',
                test: /node_modules[\\/](react|react-dom|scheduler|@inertiajs|es-toolkit|laravel-precognition)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
