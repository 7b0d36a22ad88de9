import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { createTransformationSchema } from '@shared/transformations/steps';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck, stateForm } from '../../lib/form-check';
import { useShared } from '../../hooks/use-shared';
import { PageHeader } from '../../features/projects/page-header';
import { count } from '../../features/sources/labels';

/** transformations/create: pick the dataset a recipe reads, and name it */
export default function CreateTransformation({
  project,
  datasets,
}: PagePropsOf<'transformations/create'>) {
  const { errors: serverErrors } = useShared();
  const [checkErrors, setCheckErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...checkErrors };
  const [datasetId, setDatasetId] = useState(datasets[0]?.id ?? '');
  const [name, setName] = useState(datasets[0] ? `${datasets[0].name} (clean)` : '');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    if (!passesCheck(stateForm({ name, datasetId }, setCheckErrors), createTransformationSchema))
      return;
    setBusy(true);
    router.post(
      route('transformations.store', { project: project.id }),
      { name, datasetId },
      { onFinish: () => setBusy(false) },
    );
  };
  return (
    <Stack gap="lg" maw={720}>
      <Head title="New transformation" />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          {
            label: 'Transformations',
            href: route('transformations.index', { project: project.id }),
          },
          { label: 'New' },
        ]}
        title="New transformation"
        subtitle="A transformation reads one dataset and never changes it: its runs write a new dataset."
      />
      <Card withBorder padding="lg" radius="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {datasets.length === 0 ? (
              <Text size="sm" c="dimmed">
                This project has no dataset with data yet: import one from Sources first.
              </Text>
            ) : (
              <ChoiceSelect
                label="Dataset to transform"
                data={datasets.map((d) => ({
                  value: d.id,
                  label: `${d.name} (${count(d.rowCount)} rows)`,
                }))}
                value={datasetId}
                onChange={(v) => {
                  const d = datasets.find((x) => x.id === v);
                  if (
                    d &&
                    (!name || name === `${datasets.find((x) => x.id === datasetId)?.name} (clean)`)
                  )
                    setName(`${d.name} (clean)`);
                  setDatasetId(v);
                }}
                error={errors.datasetId}
              />
            )}
            <TextInput
              label="Name"
              description="Also the name of the dataset its runs write."
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              required
            />
            <Group>
              <Button type="submit" loading={busy} disabled={!datasets.length}>
                Create and add steps
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
