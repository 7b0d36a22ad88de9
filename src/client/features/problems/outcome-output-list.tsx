import { Link } from '@inertiajs/react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { OutcomeOutputs } from '@shared/problems/problems.types';
import { kindLabel } from './labels';

/** Each outcome with the outputs that feed it. */
export function OutcomeOutputList({ items }: { items: OutcomeOutputs[] }) {
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        No outcomes here yet.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {items.map(({ outcome, outputs }) => (
        <Paper key={outcome.id} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb={6}>
            <Anchor
              component={Link}
              href={route('elements.show', { element: outcome.id })}
              fw={600}
              size="sm"
            >
              {outcome.title}
            </Anchor>
            <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
              {kindLabel(outcome.kind, outcome.horizon)
                .replace('Outcome ', '')
                .replace(/[()]/g, '')}
            </Badge>
          </Group>
          {outputs.length === 0 ? (
            <Text size="xs" c="var(--pw-warning-text)">
              No output leads here yet. Open an output and add this outcome as what it leads to.
            </Text>
          ) : (
            <Stack gap={2}>
              {outputs.map((o) => (
                <Group key={o.id} gap={6} wrap="nowrap">
                  <IconArrowRight size={12} style={{ flexShrink: 0 }} />
                  <Anchor
                    component={Link}
                    href={route('elements.show', { element: o.id })}
                    size="sm"
                    lineClamp={1}
                  >
                    {o.title}
                  </Anchor>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
