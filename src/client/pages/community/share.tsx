import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { route } from '@shared/route';
import { LIBRARY_KIND_LABELS } from '@shared/libraries/sectors';
import type { PagePropsOf } from '@shared/pages';
import { ChoiceSelect } from '../../components/choice-select';
import { PageHeader } from '../../features/projects/page-header';

/** community/share: pick one of your communities; its new-thread form opens with the card */
export default function ShareToCommunity({ item, communities }: PagePropsOf<'community/share'>) {
  const [community, setCommunity] = useState(communities.length === 1 ? communities[0].id : '');
  const [error, setError] = useState<string | null>(null);
  const next = () => {
    if (!community) {
      setError('Choose the community to share it with.');
      return;
    }
    router.visit(route('community.threads.create', { community, card: item.id }));
  };
  return (
    <Stack maw={720} gap="lg">
      <Head title="Share to a community" />
      <PageHeader
        crumbs={[
          { label: 'Libraries', href: route('libraries.index') },
          { label: item.title, href: route('libraries.show', { libraryItem: item.id }) },
          { label: 'Share to a community' },
        ]}
        title="Share to a community"
        subtitle="Start a thread carrying this card: members of the community see it and can copy it into their own projects."
      />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group gap={6}>
            <Badge variant="light">{item.sectorLabel}</Badge>
            <Badge variant="outline">{LIBRARY_KIND_LABELS[item.kind]}</Badge>
          </Group>
          <Text fw={600}>{item.title}</Text>
          {communities.length ? (
            <ChoiceSelect
              label="Community"
              placeholder="Choose one of your communities"
              data={communities.map((c) => ({ value: c.id, label: c.name }))}
              value={community || null}
              onChange={(v) => {
                setCommunity(v);
                setError(null);
              }}
              error={error}
              searchable
              required
              data-testid="share-community"
            />
          ) : (
            <Text size="sm">
              You do not belong to a community yet.{' '}
              <Anchor component={Link} href={route('community.communities')}>
                Browse the communities
              </Anchor>{' '}
              and join one, then share from the library again.
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              component={Link}
              href={route('libraries.show', { libraryItem: item.id })}
              variant="default"
            >
              Cancel
            </Button>
            <Button
              onClick={next}
              disabled={!communities.length}
              leftSection={<IconShare size={16} />}
              data-testid="share-next"
            >
              Write the thread
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
