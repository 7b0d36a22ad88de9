import { ActionIcon, Button, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type {
  RecipeColumn,
  TransformationShowProps,
} from '@shared/transformations/transformations.pages';
import { AGGREGATE_FNS, type Step } from '@shared/transformations/steps';
import { AGGREGATE_LABELS } from '@shared/transformations/describe';
import { ChoiceMultiSelect, ChoiceSelect } from '../../components/choice-select';
import { DataTable } from '../../components/data-table';

type Of<K extends Step['kind']> = Extract<Step, { kind: K }>;
type Datasets = TransformationShowProps['datasets'];

interface Props<K extends Step['kind']> {
  step: Of<K>;
  columns: readonly RecipeColumn[];
  datasets: Datasets;
  onChange: (step: Step) => void;
  errors: Record<string, string>;
}

const options = (cols: readonly RecipeColumn[]) =>
  cols.map((c) => ({ value: c.key, label: c.label }));

function DatasetSelect({
  value,
  datasets,
  onChange,
  error,
}: {
  value: string;
  datasets: Datasets;
  onChange: (id: string) => void;
  error?: string;
}) {
  return (
    <ChoiceSelect
      label="Other dataset"
      description="A dataset of this project with data; its current version is read at each run."
      data={datasets.map((d) => ({ value: d.id, label: d.name }))}
      value={value || null}
      placeholder="Pick a dataset"
      onChange={(id) => id && onChange(id)}
      error={error}
      searchable
    />
  );
}

/** Join: key pairs (this step's column = the other's), inner or left, a prefix */
export function JoinEditor({ step, columns, datasets, onChange, errors }: Props<'join'>) {
  const other = datasets.find((d) => d.id === step.datasetId);
  const set = (patch: Partial<Of<'join'>>) => onChange({ ...step, ...patch });
  return (
    <Stack gap="sm">
      <DatasetSelect
        value={step.datasetId}
        datasets={datasets}
        onChange={(datasetId) => set({ datasetId })}
        error={errors.datasetId}
      />
      <ChoiceSelect
        label="Rows kept"
        data={[
          { value: 'left', label: 'Every row (left join)' },
          { value: 'inner', label: 'Only rows with a match (inner join)' },
        ]}
        value={step.how}
        onChange={(how) => how && set({ how })}
      />
      <DataTable<Of<'join'>['on'][number] & { j: number }>
        id="join-keys"
        caption="Key pairs of the join"
        rows={step.on.map((o, j) => ({ ...o, j }))}
        rowKey={(o) => o.j}
        plain
        columns={[
          {
            key: 'left',
            title: 'Key column here',
            sortable: false,
            render: (o) => (
              <ChoiceSelect
                aria-label={`Key ${o.j + 1} here`}
                data={options(columns)}
                value={o.left || null}
                onChange={(left) =>
                  left && set({ on: step.on.map((x, i) => (i === o.j ? { ...x, left } : x)) })
                }
                error={errors[`on.${o.j}.left`]}
                searchable
              />
            ),
          },
          {
            key: 'right',
            title: 'Equals this column of the other dataset',
            sortable: false,
            render: (o) => (
              <ChoiceSelect
                aria-label={`Key ${o.j + 1} in the other dataset`}
                data={options(other?.columns ?? [])}
                value={o.right || null}
                onChange={(right) =>
                  right && set({ on: step.on.map((x, i) => (i === o.j ? { ...x, right } : x)) })
                }
                error={errors[`on.${o.j}.right`]}
                searchable
              />
            ),
          },
          {
            key: 'remove',
            title: <VisuallyHidden>Remove</VisuallyHidden>,
            label: 'Remove',
            width: 48,
            sortable: false,
            render: (o) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove key ${o.j + 1}`}
                disabled={step.on.length === 1}
                onClick={() => set({ on: step.on.filter((_, i) => i !== o.j) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ),
          },
        ]}
      />
      {errors.on && (
        <Text size="sm" c="red">
          {errors.on}
        </Text>
      )}
      {step.on.length < 5 && (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => set({ on: [...step.on, { left: '', right: '' }] })}
          >
            Add a key column
          </Button>
        </Group>
      )}
      <TextInput
        label="Prefix of the added columns"
        description="The other dataset's columns are added as “Prefix: Column”, so no name clashes."
        value={step.prefix}
        onChange={(e) => set({ prefix: e.currentTarget.value })}
        error={errors.prefix}
      />
      <Text size="sm" c="dimmed">
        When several rows of the other dataset have the same key, the first one is used: every row
        here stays one row, and keeps its source row.
      </Text>
    </Stack>
  );
}

/** Append: the other dataset's rows after these, columns matched by key */
export function AppendEditor({ step, datasets, onChange, errors }: Props<'append'>) {
  return (
    <Stack gap="sm">
      <DatasetSelect
        value={step.datasetId}
        datasets={datasets}
        onChange={(datasetId) => onChange({ ...step, datasetId })}
        error={errors.datasetId}
      />
      <Text size="sm" c="dimmed">
        Columns with the same key are stacked (their types must match); a column only one side has
        is empty on the other side&apos;s rows. Appended rows come from no source row.
      </Text>
    </Stack>
  );
}

/** Group and aggregate: the group columns and the figures */
export function AggregateEditor({ step, columns, onChange, errors }: Props<'aggregate'>) {
  const set = (patch: Partial<Of<'aggregate'>>) => onChange({ ...step, ...patch });
  const setFigure = (j: number, patch: Partial<Of<'aggregate'>['aggregates'][number]>) =>
    set({ aggregates: step.aggregates.map((a, i) => (i === j ? { ...a, ...patch } : a)) });
  return (
    <Stack gap="sm">
      <ChoiceMultiSelect
        label="Group by"
        description="One row per combination of these values; none: one row for all."
        data={options(columns)}
        value={step.groupBy}
        onChange={(groupBy) => set({ groupBy })}
        error={errors.groupBy}
        searchable
      />
      <DataTable<Of<'aggregate'>['aggregates'][number] & { j: number }>
        id="aggregate-figures"
        caption="Figures of the aggregation"
        rows={step.aggregates.map((a, j) => ({ ...a, j }))}
        rowKey={(a) => a.j}
        plain
        minWidth={520}
        columns={[
          {
            key: 'fn',
            title: 'Figure',
            sortable: false,
            render: (a) => (
              <ChoiceSelect
                aria-label={`Figure ${a.j + 1}`}
                miw={150}
                data={AGGREGATE_FNS.map((f) => ({ value: f, label: AGGREGATE_LABELS[f] }))}
                value={a.fn}
                onChange={(fn) => fn && setFigure(a.j, { fn })}
              />
            ),
          },
          {
            key: 'column',
            title: 'Of column',
            sortable: false,
            render: (a) => (
              <ChoiceSelect
                aria-label={`Column of figure ${a.j + 1}`}
                miw={140}
                data={options(columns)}
                value={a.column || null}
                noneLabel={a.fn === 'count' ? 'Rows' : undefined}
                placeholder="Pick a column"
                onChange={(column) => setFigure(a.j, { column })}
                error={errors[`aggregates.${a.j}.column`]}
                searchable
              />
            ),
          },
          {
            key: 'label',
            title: 'New column name',
            sortable: false,
            render: (a) => (
              <TextInput
                aria-label={`Name of figure ${a.j + 1}`}
                value={a.label}
                onChange={(e) => setFigure(a.j, { label: e.currentTarget.value })}
                error={errors[`aggregates.${a.j}.label`]}
              />
            ),
          },
          {
            key: 'remove',
            title: <VisuallyHidden>Remove</VisuallyHidden>,
            label: 'Remove',
            width: 48,
            sortable: false,
            render: (a) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove figure ${a.j + 1}`}
                disabled={step.aggregates.length === 1}
                onClick={() => set({ aggregates: step.aggregates.filter((_, i) => i !== a.j) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ),
          },
        ]}
      />
      {errors.aggregates && (
        <Text size="sm" c="red">
          {errors.aggregates}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            set({
              aggregates: [
                ...step.aggregates,
                { fn: 'count', column: '', label: `Figure ${step.aggregates.length + 1}` },
              ],
            })
          }
        >
          Add a figure
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each output row also gets “Source rows”: how many rows it was computed from.
      </Text>
    </Stack>
  );
}
