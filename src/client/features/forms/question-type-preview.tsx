import { Button, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { Choice, QuestionType } from '@shared/forms/questions';

/**
 * A small preview of how a matrix, ranking or location question reads on the public form (rows
 * stacked, one radio group each; a ranked list with up/down buttons; the location button).
 */
export function QuestionTypePreview({
  type,
  label,
  choices,
  rows,
}: {
  type: QuestionType;
  label: string;
  choices: Choice[];
  rows: Choice[];
}) {
  return (
    <Paper withBorder p="sm" maw={375} aria-label="Preview on a phone">
      <Text size="xs" c="dimmed" mb={4}>
        Preview
      </Text>
      <Text fw={600} size="sm" mb="xs">
        {label || 'Question'}
      </Text>
      {type === 'matrix' && (
        <Stack gap="xs">
          {rows.slice(0, 6).map((r) => (
            <Radio.Group key={r.value} label={r.label} size="xs">
              <Group gap="xs" mt={4}>
                {choices.map((c) => (
                  <Radio key={c.value} value={c.value} label={c.label} size="xs" readOnly />
                ))}
              </Group>
            </Radio.Group>
          ))}
          {rows.length === 0 && <Text size="xs">Add rows to see them here.</Text>}
        </Stack>
      )}
      {type === 'ranking' && (
        <Stack gap={4} component="ol" m={0} pl="md">
          {choices.map((c, i) => (
            <Group key={c.value} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm">{c.label}</Text>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="default" disabled={i === 0} tabIndex={-1}>
                  ↑
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={i === choices.length - 1}
                  tabIndex={-1}
                >
                  ↓
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {type === 'geopoint' && (
        <Stack gap={4}>
          <Button size="compact-sm" variant="default" w="fit-content" tabIndex={-1}>
            Use my location
          </Button>
          <Group grow>
            <TextInput size="xs" label="Latitude" placeholder="-1.2921" readOnly tabIndex={-1} />
            <TextInput size="xs" label="Longitude" placeholder="36.8219" readOnly tabIndex={-1} />
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
