import { router } from '@inertiajs/react';
import { Button, Group } from '@mantine/core';
import { IconBulb, IconConfetti, IconHeartHandshake, IconThumbUp } from '@tabler/icons-react';
import { REACTION_LABELS, type Reaction, type ReactionCount } from '@shared/community/community';

const ICONS: Record<Reaction, typeof IconThumbUp> = {
  like: IconThumbUp,
  insightful: IconBulb,
  thanks: IconHeartHandshake,
  celebrate: IconConfetti,
};

/** The fixed reactions: press to add yours, press again to take it back. */
export function ReactionsBar({
  reactions,
  url,
  disabled,
}: {
  reactions: ReactionCount[];
  url: string;
  disabled?: boolean;
}) {
  return (
    <Group gap={6}>
      {reactions.map((r) => {
        const label = REACTION_LABELS[r.reaction];
        const Icon = ICONS[r.reaction];
        return (
          <Button
            key={r.reaction}
            size="compact-sm"
            variant={r.mine ? 'light' : 'subtle'}
            color={r.mine ? 'blue' : 'gray'}
            aria-pressed={r.mine}
            aria-label={`${label}${r.count ? `, ${r.count}` : ''}`}
            title={label}
            disabled={disabled}
            onClick={() =>
              router.post(
                url,
                { reaction: r.reaction, on: !r.mine },
                { preserveScroll: true, only: ['thread', 'posts'] },
              )
            }
          >
            <Icon size={16} aria-hidden />
            {r.count > 0 && <span style={{ marginLeft: 4 }}>{r.count}</span>}
          </Button>
        );
      })}
    </Group>
  );
}
