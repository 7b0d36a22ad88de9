import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
  type BoxProps,
} from '@mantine/core';
import { Link, router, usePage } from '@inertiajs/react';
import { IconBell } from '@tabler/icons-react';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import { NOTIFICATION_EVENT, type NotificationView } from '@shared/notifications/notifications';
import { useShared } from '../../hooks/use-shared';
import { useChannel } from '../../hooks/use-echo';
import { toast } from '../../lib/toast';
import { NotificationItem } from './notification-item';

/** Open a notification: mark it read and follow its link (the server only follows in-app paths). */
export function openNotification(n: NotificationView) {
  router.post(
    route('notifications.read', { id: n.id }),
    { open: Boolean(n.url) },
    { preserveScroll: true },
  );
}

type Latest = { notifications: NotificationView[]; unread: number };

/** The latest five and the unread count, as the bell's dropdown shows them. */
async function fetchLatest(): Promise<Latest> {
  const r = await fetch(route('notifications.latest'), {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
  });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as Latest;
}

/**
 * The header's bell: unread badge kept live from `private-user.{id}`, a dropdown with the
 * latest five, "Mark all read" and "View all".
 */
export function NotificationBell(props: BoxProps) {
  const { auth, unreadNotifications } = useShared();
  const { url } = usePage();
  const [unread, setUnread] = useState(unreadNotifications ?? 0);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [opened, setOpened] = useState(false);
  const [failed, setFailed] = useState(false);
  // "mark all read" clicks so far: a list fetched before the latest one answers with stale counts
  const marks = useRef(0);
  // while the latest are being read: one list per read, of the ids pushed live meanwhile
  const reading = useRef(new Set<string[]>());
  // the unread ids the count holds from the server's latest list (or a push): a push of one of
  // them arriving after that read (the socket and the request race) is not counted twice
  const counted = useRef(new Set<string>());

  /** The server's latest and count, with the ids pushed while it was read. */
  const readLatest = async () => {
    const during: string[] = [];
    reading.current.add(during);
    try {
      return { d: await fetchLatest(), during };
    } finally {
      reading.current.delete(during);
    }
  };
  /** Take the server's count, plus what was pushed during the read and stored after it. */
  const takeCount = (d: Latest, during: string[]) => {
    const listed = new Set(d.notifications.map((x) => x.id));
    const later = during.filter((id) => !listed.has(id));
    counted.current = new Set([
      ...d.notifications.filter((x) => !x.readAt).map((x) => x.id),
      ...later,
    ]);
    setUnread(d.unread + later.length);
  };

  // a visit to another page, or a reload that asked for the count and got a different one, brings
  // the server's count (live pushes and "mark all read" moved ours meanwhile). A partial reload that
  // did not ask for it keeps the page's old value: it must not undo a live push or a "mark all read".
  useEffect(() => setUnread(unreadNotifications ?? 0), [unreadNotifications, url]);

  useChannel<NotificationView>(
    auth.user?.emailVerified ? channels.user(auth.user.id) : null,
    NOTIFICATION_EVENT,
    (n) => {
      for (const during of reading.current) during.push(n.id);
      if (!counted.current.has(n.id)) {
        counted.current.add(n.id);
        setUnread((c) => c + 1);
      }
      setItems((list) =>
        list ? [{ ...n, readAt: null }, ...list.filter((x) => x.id !== n.id)].slice(0, 5) : list,
      );
      toast.info(n.body || n.title, n.body ? n.title : undefined);
    },
    {
      // subscribed (first, or again after a lost connection): a notification stored before the
      // channel listened is in the server's count, read again here
      onSubscribed: () => {
        const mark = marks.current;
        readLatest().then(
          ({ d, during }) => marks.current === mark && takeCount(d, during),
          () => undefined, // the next page's props bring the count
        );
      },
    },
  );

  useEffect(() => {
    if (!opened) return;
    let live = true;
    const mark = marks.current;
    setFailed(false);
    readLatest()
      .then(({ d, during }) => {
        if (!live) return;
        if (marks.current === mark) {
          setItems(d.notifications);
          takeCount(d, during);
        } else {
          // read before "mark all read" was done: what it listed is read now, the count stays 0
          const now = new Date().toISOString();
          setItems(d.notifications.map((n) => ({ ...n, readAt: n.readAt ?? now })));
        }
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [opened]);

  const markAllRead = () => {
    marks.current++;
    router.post(
      route('notifications.read-all'),
      {},
      {
        preserveScroll: true,
        // not cancelled by the page's own reloads meanwhile (the dashboard refreshes on live
        // events): a cancelled visit never calls onSuccess and the badge kept its count
        async: true,
        onSuccess: () => {
          setUnread(0);
          setItems(
            (list) =>
              list?.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() })) ?? list,
          );
        },
      },
    );
  };

  // notifications need a verified email (the routes say so); nothing to show before that
  if (!auth.user?.emailVerified) return null;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Box {...props}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
      >
        {/* the popover's ARIA (aria-haspopup, aria-expanded, aria-controls) goes on the button, not on the badge's div */}
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={18}
          disabled={unread === 0}
          offset={6}
          color="red"
          data-testid="notification-badge"
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              onClick={() => setOpened((o) => !o)}
              data-testid="notification-bell"
            >
              <IconBell size={20} />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="sm" py="xs">
            <Text fw={600} size="sm">
              Notifications
            </Text>
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={markAllRead}
              disabled={unread === 0}
            >
              Mark all read
            </Button>
          </Group>
          <Divider />
          <Stack gap={0} p={4} mah={470} style={{ overflowY: 'auto' }}>
            {items === null && !failed && (
              <Group justify="center" p="md">
                <Loader size="sm" />
              </Group>
            )}
            {failed && (
              <Text size="sm" c="red" p="md" ta="center">
                Could not load notifications. Please try again.
              </Text>
            )}
            {items?.length === 0 && (
              <Text size="sm" c="dimmed" p="md" ta="center">
                You are all caught up.
              </Text>
            )}
            {items?.map((n) => (
              <NotificationItem
                key={n.id}
                n={n}
                compact
                onOpen={(x) => {
                  setOpened(false);
                  openNotification(x);
                }}
              />
            ))}
          </Stack>
          <Divider />
          <Group justify="center" py="xs">
            <Anchor
              component={Link}
              href={route('notifications.index')}
              size="sm"
              onClick={() => setOpened(false)}
            >
              View all
            </Anchor>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Box>
  );
}
