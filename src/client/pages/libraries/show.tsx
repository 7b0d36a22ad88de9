import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconCopy, IconShare, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { LIBRARY_KIND_LABELS } from '@shared/libraries/sectors';
import { CopyProblemModal, CopyStrategyModal } from '../../features/libraries/copy-modals';
import { countsText } from '../../features/libraries/library-card';
import { TocLevels } from '../../features/libraries/toc-levels';
import { PageTitle } from '../../components/page-title';
import { useShared } from '../../hooks/use-shared';
import type { PagePropsOf } from '@shared/pages';

const PROBLEM_FIELDS = [
  ['statement', 'Problem statement'],
  ['rootCauses', 'Root causes'],
  ['populationWho', 'Who is affected'],
  ['geography', 'Where'],
  ['evidence', 'Evidence'],
] as const;

/** libraries/show: one library entry, its whole theory of change by level, and the copy actions. */
export default function LibraryShow({
  item,
  projects,
  problems,
  can,
}: PagePropsOf<'libraries/show'>) {
  const { features } = useShared();
  const [copying, setCopying] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const problem = item.template.problem;
  const empty = item.template.elements.length === 0;
  const copyLabel = item.kind === 'problem' ? 'Copy to a project' : 'Copy strategy into a problem';

  return (
    <Stack maw={1000} gap="lg">
      <Head title={`${item.title} - Libraries`} />
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} href={route('libraries.index')} size="sm">
          Libraries
        </Anchor>
        <Anchor component={Link} href={route('libraries.index', { sector: item.sector })} size="sm">
          {item.sectorLabel}
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={1} style={{ minWidth: 0 }}>
          {item.title}
        </Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Group gap={6}>
            <Badge variant="light">{item.sectorLabel}</Badge>
            <Badge variant="outline" color={item.kind === 'strategy' ? 'grape' : 'gray'}>
              {LIBRARY_KIND_LABELS[item.kind]}
            </Badge>
            <Badge variant="dot" color={item.source === 'team' ? 'teal' : 'blue'}>
              {item.source === 'team' ? 'Your team’s library' : 'Pathways library'}
            </Badge>
          </Group>
          <PageTitle>{item.title}</PageTitle>
          {item.summary && <Text c="dimmed">{item.summary}</Text>}
          <Text size="sm" c="dimmed">
            {countsText(item.counts) || 'No elements'} · {item.metricCount}{' '}
            {item.metricCount === 1 ? 'metric' : 'metrics'}
            {item.source === 'team' && item.createdBy ? ` · saved by ${item.createdBy}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {can.copy && !empty && (
            <Button
              leftSection={<IconCopy size={16} />}
              onClick={() => setCopying(true)}
              data-testid="copy-open"
            >
              {copyLabel}
            </Button>
          )}
          {!empty && features?.community !== false && (
            <Button
              component={Link}
              href={route('community.share', { libraryItem: item.id })}
              variant="default"
              leftSection={<IconShare size={16} />}
              data-testid="share-open"
            >
              Share to a community
            </Button>
          )}
          {can.delete && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>

      {problem && PROBLEM_FIELDS.some(([k]) => problem[k]) && (
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {PROBLEM_FIELDS.filter(([k]) => problem[k]).map(([k, label]) => (
              <div key={k}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {label}
                </Text>
                <Text size="sm">{problem[k]}</Text>
              </div>
            ))}
          </SimpleGrid>
        </Card>
      )}

      {empty ? (
        <Card withBorder padding="lg" data-testid="library-item-empty">
          <Text fw={600}>This item has no activities, outputs or outcomes</Text>
          <Text size="sm" c="dimmed">
            It was saved from a problem whose theory of change was still empty, so there is nothing
            to copy. Build the theory of change in the problem and save it to the library again
            {can.delete ? ', then delete this item' : ''}.
          </Text>
        </Card>
      ) : (
        <TocLevels template={item.template} />
      )}

      {item.kind === 'problem' ? (
        <CopyProblemModal
          opened={copying}
          onClose={() => setCopying(false)}
          item={item}
          projects={projects}
        />
      ) : (
        <CopyStrategyModal
          opened={copying}
          onClose={() => setCopying(false)}
          item={item}
          problems={problems}
        />
      )}

      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete from your team’s library"
        centered
      >
        <Stack>
          <Text size="sm">
            Delete “{item.title}” from your team’s library? Problems already copied from it are not
            affected.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() =>
                router.delete(route('libraries.destroy', { libraryItem: item.id }), {
                  onFinish: () => setDeleting(false),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
