import type { SharedProps } from '@shared/shared-props';

// every page's usePage().props carries the shared props (src/shared/shared-props.ts); Inertia types `errors` itself
declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: Omit<SharedProps, 'errors'>;
  }
}
