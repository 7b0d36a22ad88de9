import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../lib/toast';
import classes from './toaster.module.css';

/**
 * The toast container: top-right, auto-dismiss after 3000 ms; Mantine pauses the timer while hovered.
 * It starts below the app header so a toast never covers the notification bell and its unread
 * count, or the account menu (toaster.module.css).
 */
export default function Toaster() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_MS}
      zIndex={1000}
      classNames={{ root: classes.root }}
    />
  );
}
