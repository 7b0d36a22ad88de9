import { useEffect } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { IconCopy } from '@tabler/icons-react';
import { route } from '@shared/route';
import {
  copyLibraryProblemSchema,
  copyLibraryStrategySchema,
} from '@shared/libraries/libraries.schemas';
import { limitError } from '../../lib/field-limits';
import { passesCheck } from '../../lib/form-check';
import type { ProblemOption, ProjectOption } from '@shared/libraries/libraries.pages';

interface CopyProblemProps {
  opened: boolean;
  onClose: () => void;
  item: { id: string; title: string };
  projects: ProjectOption[];
  /** where the copy is posted (default: the library's copy route) */
  action?: string;
}

/** Copy a library problem into one of the team's projects, or into a new project named here. */
export function CopyProblemModal({ opened, onClose, item, projects, action }: CopyProblemProps) {
  const form = useForm({
    target: projects.length ? 'existing' : 'new',
    projectId: projects.length === 1 ? projects[0]!.id : '',
    newProjectName: '',
  });
  useEffect(() => {
    if (opened) form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const submit = () => {
    const pick = (d: typeof form.data) =>
      d.target === 'new' ? { newProjectName: d.newProjectName } : { projectId: d.projectId };
    if (!passesCheck(form, copyLibraryProblemSchema, pick(form.data))) return;
    form.transform(pick);
    form.post(action ?? route('libraries.copy', { libraryItem: item.id }));
  };
  const projectError = form.errors.projectId;
  return (
    <Modal opened={opened} onClose={onClose} title="Copy to a project" centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          “{item.title}” is copied with every activity, output, outcome, metric, data point and
          survey question. The copy is yours: change it freely, the library stays as it is. Set
          baselines and targets for your context afterwards.
        </Text>
        {projects.length > 0 && (
          <SegmentedControl
            value={form.data.target}
            onChange={(v) => form.setData('target', v)}
            data={[
              { value: 'existing', label: 'Existing project' },
              { value: 'new', label: 'New project' },
            ]}
            fullWidth
          />
        )}
        {form.data.target === 'existing' ? (
          <ChoiceSelect
            label="Project"
            placeholder="Choose a project"
            data={projects.map((p) => ({ value: p.id, label: p.name }))}
            value={form.data.projectId || null}
            onChange={(v) => form.setData('projectId', v ?? '')}
            error={projectError}
            searchable
            required
            data-testid="copy-project"
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <TextInput
            label="New project name"
            description={
              projects.length
                ? undefined
                : 'Your team has no active project yet: name one and the problem goes there.'
            }
            placeholder="e.g. Keeping girls in school 2026–2028"
            value={form.data.newProjectName}
            onChange={(e) => form.setData('newProjectName', e.currentTarget.value)}
            error={
              limitError(form.data.newProjectName, copyLibraryProblemSchema.shape.newProjectName) ??
              form.errors.newProjectName ??
              projectError
            }
            required
            data-testid="copy-new-project"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            loading={form.processing}
            leftSection={<IconCopy size={16} />}
            data-testid="copy-submit"
          >
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface CopyStrategyProps {
  opened: boolean;
  onClose: () => void;
  item: { id: string; title: string };
  problems: ProblemOption[];
  /** where the copy is posted (default: the library's copy route) */
  action?: string;
}

/** Copy a library strategy's activities and outputs into one of the team's problems. */
export function CopyStrategyModal({ opened, onClose, item, problems, action }: CopyStrategyProps) {
  const form = useForm({ problemId: problems.length === 1 ? problems[0]!.id : '' });
  useEffect(() => {
    if (opened) form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Copy strategy into a problem"
      centered
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          The activities and outputs of “{item.title}” are added to the problem with their metrics.
          Link the outputs to the problem’s outcomes afterwards.
        </Text>
        {problems.length ? (
          <ChoiceSelect
            label="Problem"
            placeholder="Choose a problem"
            data={problems.map((p) => ({ value: p.id, label: `${p.title} (${p.projectName})` }))}
            value={form.data.problemId || null}
            onChange={(v) => form.setData('problemId', v ?? '')}
            error={form.errors.problemId}
            searchable
            required
            data-testid="copy-strategy-problem"
          />
        ) : (
          <Text size="sm">
            Your team has no problem to add it to yet. Copy a library problem into a project first,
            or create one in a project.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              if (!passesCheck(form, copyLibraryStrategySchema)) return;
              form.post(action ?? route('libraries.copy-strategy', { libraryItem: item.id }));
            }}
            loading={form.processing}
            disabled={!problems.length}
            leftSection={<IconCopy size={16} />}
          >
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
