import { usePage } from '@inertiajs/react';
import type { PageProps as InertiaPageProps } from '@inertiajs/core';
import type { PageName, PagePropsOf } from '@shared/pages';
import type { SharedProps } from '@shared/shared-props';

/** Typed access to the shared props (src/shared/shared-props.ts). */
export function useShared(): SharedProps {
  return usePage().props;
}

/** The current page's own props, typed by its entry in src/shared/pages.ts (for components deep inside a page). */
export function usePageProps<K extends PageName>() {
  return usePage<PagePropsOf<K> & InertiaPageProps>().props;
}

export function useCan() {
  const { auth } = useShared();
  return (permission: SharedProps['auth']['permissions'][number]) =>
    auth.permissions.includes(permission);
}
