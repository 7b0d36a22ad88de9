import { router } from '@inertiajs/react';
import { Badge, Button } from '@mantine/core';
import { route } from '@shared/route';
import type { CommunityView } from '@shared/community/community';

/** Join (open), Ask to join (on request), or the state of a waiting request. */
export function JoinButton({ c }: { c: CommunityView }) {
  if (c.myStatus === 'active') return null;
  if (c.myStatus === 'pending')
    return (
      <Badge variant="light" color="yellow" size="lg">
        Request sent
      </Badge>
    );
  return (
    <Button
      onClick={() =>
        router.post(route('community.join', { community: c.id }), {}, { preserveScroll: true })
      }
    >
      {c.joinPolicy === 'open' ? 'Join' : 'Ask to join'}
    </Button>
  );
}
