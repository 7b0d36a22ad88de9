import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { createInertiaApp } from '@inertiajs/react';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { readBoot } from './lib/boot';
import { cssVariablesResolver, theme } from './lib/theme';
import { layoutFor, loadLayout } from './layouts/choose';
import { outsidePages } from './outside-pages';

const boot = readBoot();
// the toast container loads right after the first render (toasts shown earlier wait in Mantine's store)
const Toaster = lazy(() => import('./components/toaster'));
// the signed-in app's page map is its own chunk (app-pages.ts), loaded by the first app page
const appPages = () => import('./app-pages').then((m) => m.appPages);

void createInertiaApp({
  title: (title) => (title ? `${title} - ${boot.appName}` : boot.appName),
  resolve: async (name) => {
    // a page the server names but this build lacks gets a not-found page; the page and its layout load in parallel
    const layout = loadLayout(name);
    const key = `./pages/${name}.tsx`;
    const load =
      outsidePages[key] ?? (await appPages())[key] ?? outsidePages['./pages/errors/not-found.tsx'];
    const [page] = await Promise.all([load().then((m) => m.default), layout]);
    return page;
  },
  layout: (name) => layoutFor(name),
  progress: { color: '#9e9e9e', delay: 250 },
  setup({ el, App, props }) {
    const Root = ({ children }: { children: ReactNode }) => (
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
        {children}
      </MantineProvider>
    );
    createRoot(el!).render(
      <Root>
        <App {...props} />
      </Root>,
    );
  },
});
