import { notifications } from '@mantine/notifications';

/** Toasts: top-right, auto-dismiss after 3000 ms, close on click, paused while hovered (Mantine). */
export const TOAST_MS = 3000;

function show(color: string, message: string, title?: string) {
  const id = notifications.show({
    color,
    title,
    message,
    autoClose: TOAST_MS,
    withCloseButton: true,
    style: { cursor: 'pointer' },
    onClick: () => notifications.hide(id),
  });
  return id;
}

export const toast = {
  success: (m: string, t?: string) => show('green', m, t),
  error: (m: string, t?: string) => show('red', m, t),
  info: (m: string, t?: string) => show('blue', m, t),
};
