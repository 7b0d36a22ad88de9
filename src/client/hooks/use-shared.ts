import { usePage } from '@inertiajs/react';
import type { SharedProps } from '../lib/types';

/** Typed access to the shared props. */
export function useShared(): SharedProps {
  return usePage().props as unknown as SharedProps;
}

export function useCan() {
  const { auth } = useShared();
  return (permission: SharedProps['auth']['permissions'][number]) => auth.permissions.includes(permission);
}
