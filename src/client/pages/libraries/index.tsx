import { useEffect, useRef, useState } from 'react';
import { Head, router } from '@inertiajs/react';
import {
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { IconBookUpload, IconSearch } from '@tabler/icons-react';
import { route } from '@shared/route';
import { LibraryCard } from '../../features/libraries/library-card';
import { SaveToLibraryModal } from '../../features/libraries/save-to-library-modal';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';
import type { LibraryCardView } from '@shared/libraries/libraries.pages';

function Grid({ items }: { items: LibraryCardView[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {items.map((item) => (
        <LibraryCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  );
}

/** libraries/index: the shipped library and the team's own, filtered by kind, sector and words. */
export default function LibrariesIndex({
  filter,
  shipped,
  team,
  sectors,
  problems,
  can,
}: PagePropsOf<'libraries/index'>) {
  const [q, setQ] = useState(filter.q);
  const [saving, setSaving] = useState(false);
  const filtered = !!(filter.kind || filter.sector || filter.q);

  const apply = (next: Partial<PagePropsOf<'libraries/index'>['filter']>) => {
    const f = { ...filter, q, ...next };
    router.get(
      route('libraries.index', {
        kind: f.kind || undefined,
        sector: f.sector || undefined,
        q: f.q || undefined,
      }),
      {},
      {
        preserveState: true,
        preserveScroll: true,
        replace: true,
        only: ['filter', 'shipped', 'team'],
      },
    );
  };
  // search as you type, a moment after the last key
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const t = setTimeout(() => apply({ q }), 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  // the team's own items come first once it has some; until then the explanation sits below the Pathways library
  const teamSection = (
    <section aria-labelledby="team-library">
      <Title order={3} size="h4" id="team-library" mb="xs">
        Your team’s library
      </Title>
      {team.length ? (
        <Grid items={team} />
      ) : filtered ? (
        <Text size="sm" c="dimmed">
          Nothing in your team’s library matches these filters.
        </Text>
      ) : (
        <Card withBorder padding="lg" data-testid="team-library-empty">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>Your team has not saved anything yet</Text>
            <Text size="sm" c="dimmed" maw={640}>
              When a theory of change works well, save it here so colleagues can reuse it: open the
              problem and choose “Save to library”
              {can.save && problems.length > 0 ? ', or use the button below' : ''}. Its elements,
              metrics and definitions are saved; baselines, targets and values stay with the
              original.
            </Text>
            {can.save && problems.length > 0 ? (
              <Button
                variant="light"
                leftSection={<IconBookUpload size={16} />}
                onClick={() => setSaving(true)}
              >
                Save a problem to the library
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                Your team has no problem to save yet: copy one from the Pathways library above to
                get started.
              </Text>
            )}
          </Stack>
        </Card>
      )}
    </section>
  );

  return (
    <Stack maw={1200} gap="lg">
      <Head title="Libraries" />
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <PageTitle>Libraries</PageTitle>
          <Text c="dimmed" size="sm" maw={720}>
            Start from a proven theory of change: copy a problem with its activities, outputs,
            outcomes and metrics into a project, or add a strategy’s activities to a problem you
            already have.
          </Text>
        </div>
        {can.save && problems.length > 0 && (
          <Button
            variant="light"
            leftSection={<IconBookUpload size={16} />}
            onClick={() => setSaving(true)}
          >
            Save a problem to the library
          </Button>
        )}
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search the library"
          placeholder="Search titles, outcomes, metrics…"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <SegmentedControl
          aria-label="Kind"
          value={filter.kind ?? 'all'}
          onChange={(v) => apply({ kind: v === 'all' ? null : v })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'problem', label: 'Problems' },
            { value: 'strategy', label: 'Strategies' },
          ]}
        />
        <ChoiceSelect
          aria-label="Sector"
          placeholder="All sectors"
          data={sectors}
          value={filter.sector}
          onChange={(v) => apply({ sector: v || null })}
          clearableFilter
          searchable
          style={{ flex: '0 1 240px' }}
        />
      </Group>

      {team.length > 0 && teamSection}
      <section aria-labelledby="shipped-library">
        <Title order={3} size="h4" id="shipped-library" mb="xs">
          Pathways library
        </Title>
        {shipped.length ? (
          <Grid items={shipped} />
        ) : (
          <Text size="sm" c="dimmed">
            Nothing in the Pathways library matches these filters.{' '}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => (setQ(''), apply({ kind: null, sector: null, q: '' }))}
            >
              Clear filters
            </Button>
          </Text>
        )}
      </section>

      {team.length === 0 && teamSection}

      <SaveToLibraryModal opened={saving} onClose={() => setSaving(false)} problems={problems} />
    </Stack>
  );
}
