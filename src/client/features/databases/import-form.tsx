import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { route } from '@shared/route';
import type { ImportSchedule } from '@shared/databases/databases.constants';
import { databaseImportSchema } from '@shared/databases/databases.schemas';
import { passesCheck } from '../../lib/form-check';
import { DatasetTargetForm } from './dataset-target-form';

interface Props {
  connectionId: string;
  projects: Array<{ id: string; name: string }>;
  source: { kind: 'table'; schema: string; name: string } | { kind: 'query'; query: string };
}

type Values = {
  projectId: string;
  name: string;
  schedule: ImportSchedule;
  kind: 'table' | 'query';
  table: { schema: string; name: string } | null;
  query: string | null;
};

/** Import the previewed table or SELECT into a project's dataset, now and optionally on a schedule */
export function ImportForm({ connectionId, projects, source }: Props) {
  const form = useForm<Values>({
    projectId: projects[0]?.id ?? '',
    name: source.kind === 'table' ? source.name : 'Query result',
    schedule: 'none',
    kind: source.kind,
    table: source.kind === 'table' ? { schema: source.schema, name: source.name } : null,
    query: source.kind === 'query' ? source.query : null,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, databaseImportSchema)) return;
    form.post(route('databases.import', { database: connectionId }));
  };
  return (
    <DatasetTargetForm
      form={form}
      schema={databaseImportSchema}
      projects={projects}
      sourceError={form.errors.table ?? form.errors.query}
      submitLabel="Import as a dataset"
      onSubmit={submit}
    />
  );
}
