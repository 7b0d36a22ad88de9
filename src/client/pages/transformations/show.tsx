import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  CopyButton,
  Grid,
  Group,
  Menu,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { Step } from '@shared/transformations/steps';
import { STEP_KIND_LABELS } from '@shared/transformations/describe';
import { ChoiceSelect } from '../../components/choice-select';
import { useShared } from '../../hooks/use-shared';
import { PageHeader } from '../../features/projects/page-header';
import { count } from '../../features/sources/labels';
import { DataView } from '../../features/transformations/data-view';
import { ReplaySwitch } from '../../features/transformations/replay-switch';
import { RunsTable } from '../../features/transformations/runs-table';
import { newStep } from '../../features/transformations/new-step';
import { StepCard } from '../../features/transformations/step-card';
import { StepEditor } from '../../features/transformations/step-editor';
import { DeleteTransformationModal } from '../../features/transformations/delete-transformation-modal';

const KINDS = Object.keys(STEP_KIND_LABELS) as Array<Step['kind']>;

/** transformations/show: the steps editor, the data view after any step, the recipe, the runs */
export default function TransformationShow({
  project,
  transformation,
  source,
  output,
  steps,
  outputColumns,
  sampleSize,
  preview,
  sql,
  recipeText,
  runs,
  activeRunId,
  datasets,
}: PagePropsOf<'transformations/show'>) {
  const { errors } = useShared();
  const [editing, setEditing] = useState<{ index: number; step: Step } | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const list = steps.map((s) => s.step);
  const url = route('transformations.steps', { transformation: transformation.id });

  const save = (next: Step[], after?: number) => {
    setBusy(true);
    router.put(
      after === undefined ? url : `${url}?after=${after}`,
      { steps: next },
      {
        preserveScroll: true,
        onSuccess: () => setEditing(null),
        onFinish: () => setBusy(false),
      },
    );
  };
  const show = (after: number) =>
    router.get(
      route('transformations.show', { transformation: transformation.id, after: String(after) }),
      {},
      { preserveScroll: true, preserveState: true, only: ['preview'] },
    );
  const move = (i: number, by: -1 | 1) => {
    const next = [...list];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    save(next);
  };
  const stepErrors = (i: number) => {
    const out: Record<string, string> = {};
    const prefix = `steps.${i}.`;
    for (const [k, v] of Object.entries(errors))
      if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
    const compiled = steps[i]?.error;
    if (compiled && !out[compiled.field]) out[compiled.field] = compiled.message;
    return out;
  };
  const editingColumns =
    editing && editing.index < steps.length ? steps[editing.index].columnsBefore : outputColumns;
  const shownIndex = preview ? preview.after - 1 : -1;
  const touched = shownIndex >= 0 ? (steps[shownIndex]?.counts?.touches ?? []) : [];
  const hasError = steps.some((s) => s.error);

  const editor = editing && (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Step editor">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {editing.index < steps.length ? `Edit step ${editing.index + 1}` : 'New step'}:{' '}
          {STEP_KIND_LABELS[editing.step.kind]}
        </Title>
        <StepEditor
          step={editing.step}
          columns={editingColumns}
          onChange={(step) => setEditing({ ...editing, step })}
          errors={stepErrors(editing.index)}
          datasets={datasets}
        />
        {errors.steps && (
          <Text size="sm" c="red" role="alert">
            {errors.steps}
          </Text>
        )}
        <Group>
          <Button
            loading={busy}
            onClick={() => {
              const next = [...list];
              next[editing.index] = editing.step;
              save(next, editing.index + 1);
            }}
          >
            Save step
          </Button>
          <Button variant="default" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );

  return (
    <Stack gap="lg">
      <Head title={transformation.name} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          {
            label: 'Transformations',
            href: route('transformations.index', { project: project.id }),
          },
          { label: transformation.name },
        ]}
        title={transformation.name}
        subtitle={
          <>
            Reads{' '}
            <Anchor component={Link} href={route('sources.show', { source: source.id })}>
              {source.name}
            </Anchor>{' '}
            ({count(source.rowCount)} rows). Previews and counts use its first {count(sampleSize)}{' '}
            rows.
            {output && (
              <>
                {' '}
                Writes{' '}
                <Anchor component={Link} href={route('sources.show', { source: output.id })}>
                  {output.name}
                </Anchor>
                .
              </>
            )}
          </>
        }
        actions={
          <Group gap="sm">
            <Button variant="default" color="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={hasError || !!activeRunId || busy}
              onClick={() =>
                router.post(route('transformations.run', { transformation: transformation.id }))
              }
            >
              Run on all {count(source.rowCount)} rows
            </Button>
          </Group>
        }
      />
      <DeleteTransformationModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        transformation={transformation}
        output={output}
      />
      {activeRunId && (
        <Alert color="blue" variant="light">
          A run is in progress:{' '}
          <Anchor component={Link} href={route('transformation-runs.show', { run: activeRunId })}>
            see its status
          </Anchor>
          .
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Steps
            </Title>
            {steps.length === 0 && !editing && (
              <Text size="sm" c="dimmed">
                No steps yet: the output would be the source as it is. Add a step: each one shows
                its effect on the sample rows before you run it.
              </Text>
            )}
            {steps.map((s, i) =>
              editing?.index === i ? (
                <div key={s.step.id}>{editor}</div>
              ) : (
                <StepCard
                  key={s.step.id}
                  item={s}
                  index={i}
                  total={steps.length}
                  shown={shownIndex === i}
                  busy={busy}
                  onEdit={() => setEditing({ index: i, step: s.step })}
                  onMove={(by) => move(i, by)}
                  onToggle={() =>
                    save(list.map((x, j) => (j === i ? { ...x, enabled: !x.enabled } : x)))
                  }
                  onDelete={() => save(list.filter((_, j) => j !== i))}
                  onShow={() => show(i + 1)}
                />
              ),
            )}
            {editing && editing.index >= steps.length && editor}
            {!editing && (
              <Menu position="bottom-start">
                <Menu.Target>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                    w="fit-content"
                  >
                    Add a step
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {KINDS.map((k) => (
                    <Menu.Item
                      key={k}
                      onClick={() =>
                        setEditing({ index: steps.length, step: newStep(k, outputColumns) })
                      }
                    >
                      {STEP_KIND_LABELS[k]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Card withBorder padding="md" radius="md" component="section" aria-label="Data view">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-end">
                  <Title order={2} size="h4">
                    Data view
                  </Title>
                  <ChoiceSelect
                    label="Show the data"
                    w={260}
                    data={[
                      { value: '0', label: 'of the source' },
                      ...steps.flatMap((s, i) =>
                        s.counts ? [{ value: String(i + 1), label: `after step ${i + 1}` }] : [],
                      ),
                    ]}
                    value={String(preview?.after ?? 0)}
                    onChange={(v) => show(Number(v))}
                  />
                </Group>
                {preview ? (
                  <>
                    <Text size="xs" c="dimmed">
                      The first {count(preview.rows.length)} rows of the sample
                      {preview.after > 0 ? ` after step ${preview.after}` : ''}; the columns the
                      step touches are highlighted.
                    </Text>
                    <DataView preview={preview} touched={touched} />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    The source has no data yet.
                  </Text>
                )}
              </Stack>
            </Card>
            <Card withBorder padding="md" radius="md" component="section" aria-label="Recipe">
              <Tabs defaultValue="words">
                <Tabs.List>
                  <Tabs.Tab value="words">Recipe in words</Tabs.Tab>
                  <Tabs.Tab value="sql">SQL</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="words" pt="sm">
                  <Code block style={{ whiteSpace: 'pre-wrap' }}>
                    {recipeText}
                  </Code>
                </Tabs.Panel>
                <Tabs.Panel value="sql" pt="sm">
                  {sql ? (
                    <Stack gap="xs">
                      <Text size="xs" c="dimmed">
                        One statement: each step is a CTE over the one before. The values you typed
                        are the numbered parameters below, never part of the SQL text.
                      </Text>
                      <Code
                        block
                        data-testid="recipe-sql"
                        tabIndex={0}
                        role="region"
                        aria-label="The SQL the recipe compiles to (scrolls sideways)"
                      >
                        {sql.text}
                      </Code>
                      {sql.params.length > 0 && (
                        <Text size="xs" ff="monospace">
                          {sql.params.map((p, i) => `$${i + 1} = ${JSON.stringify(p)}`).join('; ')}
                        </Text>
                      )}
                      <CopyButton value={sql.text}>
                        {({ copied, copy }) => (
                          <Button size="xs" variant="default" onClick={copy} w="fit-content">
                            {copied ? 'Copied' : 'Copy the SQL'}
                          </Button>
                        )}
                      </CopyButton>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Fix the step marked in red: the recipe does not compile yet.
                    </Text>
                  )}
                </Tabs.Panel>
              </Tabs>
            </Card>
            <Card withBorder padding="md" radius="md" component="section" aria-label="Runs">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Last runs
                </Title>
                <ReplaySwitch
                  transformationId={transformation.id}
                  autoRun={transformation.autoRun}
                />
                <RunsTable runs={runs} />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
