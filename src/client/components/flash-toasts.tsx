import { useEffect } from 'react';
import { usePage } from '@inertiajs/react';
import { toast } from '../lib/toast';

/** Flash messages from the server become toasts. */
export function FlashToasts() {
  const page = usePage();
  const flash = page.props.flash;
  useEffect(() => {
    if (flash?.success) toast.success(flash.success);
    if (flash?.error) toast.error(flash.error);
    if (flash?.info) toast.info(flash.info);
    // one toast per visit that carried a flash
  }, [flash?.success, flash?.error, flash?.info, page.url]);
  return null;
}
