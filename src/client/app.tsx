import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { createInertiaApp } from '@inertiajs/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ComponentType, ReactNode } from 'react';
import { readBoot } from './lib/boot';
import { theme } from './lib/theme';
import { layoutFor } from './layouts/choose';
import NotFoundPage from './pages/errors/not-found';

const boot = readBoot();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pages = import.meta.glob<{ default: ComponentType<any> }>(['./pages/**/*.tsx', '!./pages/errors/not-found.tsx']);

void createInertiaApp({
  title: (title) => (title ? `${title} - ${boot.appName}` : boot.appName),
  resolve: async (name) => {
    const load = pages[`./pages/${name}.tsx`];
    // a page the server names but the client lacks: a proper not-found page
    if (!load) return NotFoundPage;
    return (await load()).default;
  },
  layout: (name) => layoutFor(name),
  progress: { color: '#9e9e9e', delay: 250 },
  setup({ el, App, props }) {
    const Root = ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={3000} zIndex={1000} />
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
