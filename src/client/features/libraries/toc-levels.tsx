import { Badge, Card, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconChartBar } from '@tabler/icons-react';
import {
  ELEMENT_KINDS,
  METRIC_TYPE_LABELS,
  OUTCOME_HORIZON_LABELS,
  type ElementKind,
} from '@shared/toc/vocabulary';
import type {
  TemplateElementView,
  TemplateMetricView,
  TemplateView,
} from '@shared/libraries/libraries.pages';

const LEVEL_TITLES: Record<ElementKind, string> = {
  activity: 'Activities',
  output: 'Outputs',
  outcome: 'Outcomes',
  impact: 'Impact',
};
const LEVEL_HINTS: Record<ElementKind, string> = {
  activity: 'What the programme does.',
  output: 'What the activities directly deliver.',
  outcome: 'The changes the outputs contribute to, from short to long term.',
  impact: 'The lasting change the whole theory of change aims at.',
};
const LEVEL_COLORS: Record<ElementKind, string> = {
  activity: 'blue',
  output: 'teal',
  outcome: 'orange',
  impact: 'grape',
};
const HORIZON_ORDER = { short: 0, medium: 1, long: 2 } as const;

function MetricBlock({ m }: { m: TemplateMetricView }) {
  return (
    <Stack gap={4} data-testid="library-metric">
      <Group gap={6} wrap="wrap">
        <ThemeIcon size="sm" variant="light" color="gray" aria-hidden>
          <IconChartBar size={14} />
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {m.name}
        </Text>
        <Badge size="xs" variant="light" color="gray">
          {METRIC_TYPE_LABELS[m.type] ?? m.type}
          {m.unit ? ` · ${m.unit}` : ''}
        </Badge>
        {m.period && (
          <Badge size="xs" variant="outline" color="gray">
            {m.period}
          </Badge>
        )}
        {m.standardRef && (
          <Badge size="xs" variant="outline">
            {m.standardRef}
          </Badge>
        )}
      </Group>
      {m.definition && (
        <Text size="sm" c="dimmed">
          {m.definition}
        </Text>
      )}
      {m.formula && (
        <Text size="xs">
          Formula: <Code>{m.formula}</Code>
        </Text>
      )}
      {!!m.dataPoints?.length && (
        <Text size="xs" c="dimmed">
          Data points: {m.dataPoints.map((d) => `${d.name} (${d.key})`).join('; ')}
        </Text>
      )}
      {!!m.disaggregations?.length && (
        <Text size="xs" c="dimmed">
          Disaggregated by{' '}
          {m.disaggregations
            .map((d) => `${d.label.toLowerCase()} (${d.categories.join(', ')})`)
            .join('; ')}
        </Text>
      )}
    </Stack>
  );
}

function ElementCard({ e, leadsTo }: { e: TemplateElementView; leadsTo: TemplateElementView[] }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="library-element">
      <Stack gap="xs">
        <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{e.title}</Text>
          {e.kind === 'outcome' && e.horizon && (
            <Badge size="sm" variant="light" color={LEVEL_COLORS.outcome} style={{ flexShrink: 0 }}>
              {OUTCOME_HORIZON_LABELS[e.horizon]}
            </Badge>
          )}
        </Group>
        {e.description && <Text size="sm">{e.description}</Text>}
        {e.assumptions && (
          <Text size="sm" c="dimmed">
            <b>Assumptions:</b> {e.assumptions}
          </Text>
        )}
        {e.risks && (
          <Text size="sm" c="dimmed">
            <b>Risks:</b> {e.risks}
          </Text>
        )}
        {leadsTo.length > 0 && (
          <Group gap={6} wrap="wrap">
            <IconArrowRight size={14} aria-label="Leads to" />
            {leadsTo.map((t) => (
              <Badge
                key={t.ref}
                size="sm"
                variant="outline"
                color={LEVEL_COLORS[t.kind]}
                style={{ textTransform: 'none', maxWidth: '100%' }}
              >
                {t.title}
              </Badge>
            ))}
          </Group>
        )}
        {!!e.metrics?.length && (
          <Stack
            gap="sm"
            pt={4}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            {e.metrics.map((m, i) => (
              <MetricBlock key={i} m={m} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** A template's theory of change, level by level (activities to impact), with each element's metrics and definitions. */
export function TocLevels({ template }: { template: TemplateView }) {
  const byRef = new Map(template.elements.map((e) => [e.ref, e]));
  const next = new Map<string, TemplateElementView[]>();
  for (const l of template.links ?? []) {
    const to = byRef.get(l.to);
    if (to) next.set(l.from, [...(next.get(l.from) ?? []), to]);
  }
  return (
    <Stack gap="xl">
      {ELEMENT_KINDS.map((kind) => {
        let items = template.elements.filter((e) => e.kind === kind);
        if (!items.length) return null;
        if (kind === 'outcome')
          items = [...items].sort(
            (a, b) => HORIZON_ORDER[a.horizon ?? 'short'] - HORIZON_ORDER[b.horizon ?? 'short'],
          );
        return (
          <section key={kind} aria-labelledby={`level-${kind}`}>
            <Group gap="xs" mb={4}>
              <Badge color={LEVEL_COLORS[kind]} variant="filled" size="sm" circle={false}>
                {items.length}
              </Badge>
              <Title order={3} id={`level-${kind}`} size="h4">
                {LEVEL_TITLES[kind]}
              </Title>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              {LEVEL_HINTS[kind]}
            </Text>
            <Stack gap="sm">
              {items.map((e) => (
                <ElementCard key={e.ref} e={e} leadsTo={next.get(e.ref) ?? []} />
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}
