import { Avatar, Group, Text } from '@mantine/core';
import type { AuthorView } from '@shared/community/community';
import { relativeTime } from '../../lib/relative-time';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** Who wrote it, from which team, and when. */
export function AuthorLine({
  author,
  at,
  edited,
}: {
  author: AuthorView;
  at: string;
  edited?: string | null;
}) {
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar size={26} radius="xl" color="blue" aria-hidden>
        {initials(author.name)}
      </Avatar>
      <Text size="sm">
        <Text span fw={600} inherit>
          {author.name}
        </Text>
        {author.teamName && (
          <Text span c="dimmed" inherit>
            {' '}
            · {author.teamName}
          </Text>
        )}
        <Text span c="dimmed" inherit>
          {' '}
          · <time dateTime={at}>{relativeTime(at)}</time>
          {edited ? ' (edited)' : ''}
        </Text>
      </Text>
    </Group>
  );
}
