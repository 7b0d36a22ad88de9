import { useEffect } from 'react';
import { usePage } from '@inertiajs/react';
import { toast } from '../lib/toast';

// the flashes already shown in this tab: a page restored from history does not show them again
const shown = new Set<string>();

/**
 * Flash messages from the server become toasts, once per flashing response (its `id`): saving
 * twice in a row with the same message ("Value for Q2 2026 saved.") shows the toast twice.
 */
export function FlashToasts() {
  const flash = usePage().props.flash;
  useEffect(() => {
    if (!flash?.id || shown.has(flash.id)) return;
    shown.add(flash.id);
    if (flash.success) toast.success(flash.success);
    if (flash.error) toast.error(flash.error);
    if (flash.info) toast.info(flash.info);
  }, [flash]);
  return null;
}
