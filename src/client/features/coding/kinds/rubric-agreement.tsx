import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { OrdinalAgreement } from '@shared/coding/weighted-kappa';
import { formatNumber } from '@shared/format/number';
import { DataTable } from '../../../components/data-table';

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 1000) / 10}%`);

/** Machine vs people on the scored sample: exact, adjacent, weighted kappa and the level table. */
export function RubricAgreement({ agreement }: { agreement: OrdinalAgreement }) {
  type Row = { level: number; counts: number[] };
  const rows: Row[] = agreement.table.map((counts, i) => ({ level: i + 1, counts }));
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Agreement with people
        </Title>
        {agreement.pairs === 0 ? (
          <Text size="sm" c="dimmed">
            No scored answer yet: score the sample below, and agreement appears here.
          </Text>
        ) : (
          <>
            <Group gap="xl">
              <Text size="sm">
                Answers compared: <strong>{agreement.pairs}</strong>
              </Text>
              <Text size="sm">
                Exact agreement: <strong>{pct(agreement.exact)}</strong>
              </Text>
              <Text size="sm">
                Within one level: <strong>{pct(agreement.adjacent)}</strong>
              </Text>
              <Text size="sm">
                Weighted kappa (quadratic):{' '}
                <strong>
                  {agreement.weightedKappa === null
                    ? 'not measurable yet'
                    : formatNumber(agreement.weightedKappa)}
                </strong>
              </Text>
            </Group>
            <DataTable<Row>
              id="rubric-agreement"
              caption="Machine level (rows) against the people's level (columns)"
              rows={rows}
              rowKey={(r) => r.level}
              plain
              minWidth={360}
              columns={[
                { key: 'level', title: 'Machine \\ people', render: (r) => `Level ${r.level}` },
                ...agreement.table.map((_, j) => ({
                  key: `h${j + 1}`,
                  title: `${j + 1}`,
                  align: 'right' as const,
                  render: (r: Row) => r.counts[j],
                })),
              ]}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
