import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import {
  MAX_LONGITUDINAL_FIELDS,
  type DuplicatePair,
  type LongitudinalCell,
  type LongitudinalRow,
} from '@shared/datasets/longitudinal.pages';
import { PageHeader } from '../../features/projects/page-header';
import { DataTable } from '../../components/data-table';
import { plural } from '@shared/format/plural';

type Person = DuplicatePair['a'];

/** A change as shown: +2 / −1.5 for numbers, "changed" / "unchanged" for categories */
function ChangeBadge({ change }: { change: LongitudinalCell['change'] }) {
  if (change === null) return null;
  if (typeof change === 'number') {
    const text = change > 0 ? `+${change}` : change < 0 ? `−${Math.abs(change)}` : '±0';
    return (
      <Badge
        size="sm"
        variant="light"
        color={change > 0 ? 'teal' : change < 0 ? 'red' : 'gray'}
        aria-label={`change ${text}`}
      >
        {text}
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="light" color={change === 'changed' ? 'orange' : 'gray'}>
      {change}
    </Badge>
  );
}

/**
 * survey-sources/longitudinal: a project's stakeholders by rows, the waves (stakeholder-linked
 * survey waves, datasets with a stakeholder column) side by side for the chosen fields, with the
 * change from the previous wave; possible duplicate stakeholders listed for review and merging.
 */
export default function Longitudinal({
  project,
  waves,
  fields,
  chosen,
  rows,
  page,
  perPage,
  total,
  duplicates,
  canMerge,
}: PagePropsOf<'survey-sources/longitudinal'>) {
  const [picked, setPicked] = useState<string[]>(chosen);
  const [merging, setMerging] = useState<{ keep: Person; merge: Person } | null>(null);
  const url = route('longitudinal.show', { project: project.id });
  const go = (fieldKeys: string[], p: number) =>
    router.get(
      url,
      { fields: fieldKeys.join(','), ...(p > 1 ? { page: p } : {}) },
      { preserveScroll: true },
    );
  const exportUrl = `${route('longitudinal.export', { project: project.id })}?fields=${encodeURIComponent(chosen.join(','))}`;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const columns = [
    {
      key: 'stakeholder',
      title: 'Stakeholder',
      render: (r: LongitudinalRow) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            href={route('stakeholders.show', { stakeholder: r.stakeholder.id })}
            size="sm"
            fw={600}
          >
            {r.stakeholder.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.stakeholder.code}
          </Text>
        </Stack>
      ),
    },
    ...chosen.flatMap((key) =>
      waves.map((w, i) => ({
        key: `${key}:${w.id}`,
        title: `${byKey.get(key)?.label ?? key} · ${w.label}`,
        render: (r: LongitudinalRow) => {
          const c = r.cells[key]?.[i];
          return (
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{c?.value ?? '—'}</Text>
              {c && <ChangeBadge change={c.change} />}
            </Group>
          );
        },
      })),
    ),
  ];
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Stack gap="lg">
      <Head title={`${project.name}: longitudinal view`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Stakeholders', href: route('stakeholders.index', { project: project.id }) },
          { label: 'Longitudinal view' },
        ]}
        title="Longitudinal view"
        subtitle={`${plural(total, 'stakeholder')} · ${plural(waves.length, 'wave')}`}
        actions={
          chosen.length > 0 && waves.length > 0 ? (
            <Button component="a" href={exportUrl} variant="default">
              Export CSV
            </Button>
          ) : undefined
        }
      />
      {waves.length === 0 ? (
        <Card withBorder padding="lg" radius="md">
          <Text size="sm">
            No waves yet. Send personal links of a stakeholder-linked survey form (one per wave), or
            import a dataset and pick its stakeholder id column: each wave then shows here side by
            side.{' '}
            <Anchor component={Link} href={route('forms.surveys', { project: project.id })}>
              Survey forms
            </Anchor>
          </Text>
        </Card>
      ) : (
        <Card withBorder padding="md" radius="md">
          <Checkbox.Group
            label={`Questions and columns side by side (at most ${MAX_LONGITUDINAL_FIELDS})`}
            value={picked}
            onChange={setPicked}
          >
            <Group gap="md" mt="xs">
              {fields.map((f) => (
                <Checkbox
                  key={f.key}
                  value={f.key}
                  label={`${f.label} (${plural(f.waves, 'wave')})`}
                  disabled={!picked.includes(f.key) && picked.length >= MAX_LONGITUDINAL_FIELDS}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Group mt="sm">
            <Button size="sm" onClick={() => go(picked, 1)} disabled={!picked.length}>
              Show
            </Button>
          </Group>
        </Card>
      )}
      {waves.length > 0 && (
        <section aria-labelledby="waves-title">
          <Title order={2} size="h4" id="waves-title" mb="xs">
            Waves side by side
          </Title>
          <DataTable
            id="longitudinal"
            caption="Stakeholders by wave, with the change from the previous wave"
            rows={rows}
            plain
            rowKey={(r) => r.stakeholder.id}
            columns={columns}
            emptyAction={
              <Text size="sm">
                Register stakeholders with a stakeholder form: each gets a row here.
              </Text>
            }
          />
          {pages > 1 && (
            <Group justify="center" mt="sm">
              <Pagination
                total={pages}
                value={page}
                onChange={(p) => go(chosen, p)}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </section>
      )}
      <section aria-labelledby="duplicates-title">
        <Title order={2} size="h4" id="duplicates-title" mb="xs">
          Possible duplicates
        </Title>
        {duplicates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No stakeholders look alike (same or similar name, same phone, same birth date).
          </Text>
        ) : (
          <Stack gap="xs">
            {duplicates.map((d) => (
              <Card key={`${d.a.id}:${d.b.id}`} withBorder padding="sm" radius="md">
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {d.a.code} {d.a.name} · {d.b.code} {d.b.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.reasons.join(', ')}
                    </Text>
                  </Stack>
                  {canMerge && (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setMerging({ keep: d.a, merge: d.b })}
                      >
                        Keep {d.a.code}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setMerging({ keep: d.b, merge: d.a })}
                      >
                        Keep {d.b.code}
                      </Button>
                    </Group>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </section>
      <Modal opened={merging !== null} onClose={() => setMerging(null)} title="Merge stakeholders">
        {merging && (
          <Stack gap="sm">
            <Text size="sm">
              {merging.merge.code} {merging.merge.name} will be merged into {merging.keep.code}{' '}
              {merging.keep.name}: their responses and personal links move to {merging.keep.code},
              and {merging.merge.code} is removed. The merge is recorded with what{' '}
              {merging.merge.code} was, and in the activity log.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setMerging(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                onClick={() =>
                  router.post(
                    route('stakeholders.merge', { stakeholder: merging.merge.id }),
                    { into: merging.keep.id },
                    { preserveScroll: true, onFinish: () => setMerging(null) },
                  )
                }
              >
                Merge into {merging.keep.code}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
