import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { ResponsesFilters } from '@shared/forms/forms.pages';
import type { ResponseExportOptions } from '@shared/forms/responses-export';

const filtered = (f: ResponsesFilters) =>
  Boolean(f.wave || f.version || f.status || f.flag || f.from || f.to || f.deleted);

/** The list filters as form fields (only those set). */
function filterFields(f: ResponsesFilters) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f))
    if (v !== null && v !== false) out[k] = v === true ? '1' : String(v);
  return out;
}

/**
 * The responses export dialog: format, values or labels, multiple choice joined or one column per
 * choice, with or without the list's filters. A small export downloads at once; a large one runs in
 * the background and opens its status page.
 */
export function ExportDialog({
  formId,
  filters,
  repeatGroups,
}: {
  formId: string;
  filters: ResponsesFilters;
  /** the form's repeat groups: a CSV export is then a zip of one CSV per table */
  repeatGroups: string[];
}) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState<ResponseExportOptions>({
    format: 'xlsx',
    content: 'labels',
    multiple: 'joined',
  });
  const [withFilters, setWithFilters] = useState(true);
  const set =
    <K extends keyof ResponseExportOptions>(k: K) =>
    (v: string) =>
      setOptions((o) => ({ ...o, [k]: v as ResponseExportOptions[K] }));
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Export…
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Export responses">
        <Stack gap="md">
          <Radio.Group
            label="Format"
            description={
              repeatGroups.length
                ? `This form has repeat groups (${repeatGroups.join(', ')}): Excel puts each on a sheet of its own; CSV downloads a ZIP of responses.csv and one CSV per repeat group, linked by _response_id.`
                : undefined
            }
            value={options.format}
            onChange={set('format')}
          >
            <Group mt={4}>
              <Radio value="xlsx" label="Excel (XLSX)" />
              <Radio value="csv" label={repeatGroups.length ? 'CSV files (ZIP)' : 'CSV'} />
            </Group>
          </Radio.Group>
          <Radio.Group
            label="Choice answers as"
            description="Labels are in the form’s default language."
            value={options.content}
            onChange={set('content')}
          >
            <Group mt={4}>
              <Radio value="labels" label="Labels" />
              <Radio value="values" label="Values" />
            </Group>
          </Radio.Group>
          <Radio.Group
            label="Multiple choice questions"
            value={options.multiple}
            onChange={set('multiple')}
          >
            <Stack gap={4} mt={4}>
              <Radio value="joined" label="One column, choices joined with ;" />
              <Radio value="columns" label="One 0/1 column per choice (question/choice)" />
            </Stack>
          </Radio.Group>
          {filtered(filters) && (
            <Checkbox
              label="Only the responses the current filters show"
              checked={withFilters}
              onChange={(e) => setWithFilters(e.currentTarget.checked)}
            />
          )}
          <Text size="sm" c="dimmed">
            Every version’s questions have a column. Large exports run in the background and show
            their progress.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={() => {
                setBusy(true);
                router.post(
                  route('responses.exports.store', { form: formId }),
                  { ...options, ...(withFilters ? filterFields(filters) : {}) },
                  {
                    onFinish: () => {
                      setBusy(false);
                      setOpened(false);
                    },
                  },
                );
              }}
            >
              Export
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
