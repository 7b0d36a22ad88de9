import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { route } from '@shared/route';
import type { ImportSchedule } from '@shared/databases/databases.constants';
import { connectorImportSchema } from '@shared/connectors/connectors.schemas';
import type { RemoteFormView } from '@shared/connectors/connectors.pages';
import { passesCheck } from '../../lib/form-check';
import { DatasetTargetForm } from '../databases/dataset-target-form';

interface Props {
  connectorId: string;
  projects: Array<{ id: string; name: string }>;
  form: RemoteFormView;
  onDone: () => void;
}

type Values = { projectId: string; name: string; formId: string; schedule: ImportSchedule };

/** Import a remote form's submissions into a project's dataset, now and optionally on a schedule */
export function ConnectorImportForm({ connectorId, projects, form: remote, onDone }: Props) {
  const form = useForm<Values>({
    projectId: projects[0]?.id ?? '',
    name: remote.name,
    formId: remote.id,
    schedule: 'daily',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, connectorImportSchema)) return;
    form.post(route('integrations.import', { connector: connectorId }), {
      preserveScroll: true,
      onSuccess: onDone,
    });
  };
  return (
    <DatasetTargetForm
      form={form}
      schema={connectorImportSchema}
      projects={projects}
      sourceError={form.errors.formId}
      submitLabel="Import submissions"
      onSubmit={submit}
    />
  );
}
