import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { ThreadList } from '../../features/community/thread-list';
import { NewCommunityButton } from '../../features/community/new-community-button';

/** community/feed: threads from the communities you belong to */
export default function CommunityFeed(props: PagePropsOf<'community/feed'>) {
  const { communities } = props;
  return (
    <Stack gap="lg">
      <Head title="Community" />
      <PageHeader
        crumbs={[{ label: 'Community' }]}
        title="Community"
        subtitle="Conversations with practitioners across teams, from the communities you belong to."
        actions={
          <Group gap="sm">
            <Button component={Link} href={route('community.communities')} variant="default">
              Browse communities
            </Button>
            <NewCommunityButton />
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ThreadList
            {...props}
            baseUrl={route('community.feed')}
            showCommunity
            empty={
              communities.length
                ? 'No threads yet. Open one of your communities and start a thread.'
                : 'You do not belong to any community yet. Browse communities to join one, or start your own.'
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              Your communities
            </Title>
            {communities.length === 0 ? (
              <Text size="sm" c="dimmed">
                None yet.{' '}
                <Anchor component={Link} href={route('community.communities')} inherit>
                  Browse communities
                </Anchor>{' '}
                to find one.
              </Text>
            ) : (
              <Stack gap={8}>
                {communities.map((c) => (
                  <Group key={c.id} justify="space-between" wrap="nowrap">
                    <Anchor component={Link} href={route('community.show', { community: c.id })}>
                      {c.name}
                    </Anchor>
                    {c.myRole !== 'member' && (
                      <Badge variant="light" size="sm">
                        {c.myRole}
                      </Badge>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
