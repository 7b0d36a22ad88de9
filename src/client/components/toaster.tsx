import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../lib/toast';

/** The toast container: top-right, auto-dismiss after 3000 ms; Mantine pauses the timer while hovered. */
export default function Toaster() {
  return <Notifications position="top-right" autoClose={TOAST_MS} zIndex={1000} />;
}
