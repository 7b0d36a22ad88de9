import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { createInertiaApp } from '@inertiajs/react';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { readBoot } from './lib/boot';
import { cssVariablesResolver, theme } from './lib/theme';
import { layoutFor, loadLayout } from './layouts/choose';

const boot = readBoot();
// the toast container loads right after the first render (toasts shown earlier wait in Mantine's store)
const Toaster = lazy(() => import('./components/toaster'));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pages = import.meta.glob<{ default: ComponentType<any> }>('./pages/**/*.tsx');

void createInertiaApp({
  title: (title) => (title ? `${title} - ${boot.appName}` : boot.appName),
  resolve: async (name) => {
    // a page the server names but this build lacks gets a not-found page; the page and its layout load in parallel
    const load = pages[`./pages/${name}.tsx`] ?? pages['./pages/errors/not-found.tsx'];
    const [page] = await Promise.all([load().then((m) => m.default), loadLayout(name)]);
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
