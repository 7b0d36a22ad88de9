import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../lib/toast';
import classes from './toaster.module.css';

/**
 * The toast container: top-right, auto-dismiss after 3000 ms; Mantine pauses the timer while hovered.
 * It starts below the app header so a toast never covers the notification bell and its unread
 * count, or the account menu (toaster.module.css). It sits above dialogs (a toast after a dialog's
 * action is seen) and below popovers and menus: the bell's dropdown, opened below the header where
 * toasts show, keeps its "Mark all read" reachable while a toast is up.
 */
export default function Toaster() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_MS}
      zIndex={getDefaultZIndex('popover') - 1}
      classNames={{ root: classes.root }}
    />
  );
}
