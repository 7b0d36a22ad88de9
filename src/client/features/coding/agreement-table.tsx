import { Badge, Text } from '@mantine/core';
import type { CodeAgreement } from '@shared/coding/coding.pages';
import { formatNumber } from '@shared/format/number';
import { DataTable } from '../../components/data-table';

const fmt = (k: number | null) => (k === null ? 'not measurable yet' : formatNumber(k));

/** Kappa per code with its 2x2 table (machine rows, human columns) and whether it is applied. */
export function AgreementTable({
  agreement,
  threshold,
  minVerified,
}: {
  agreement: CodeAgreement[];
  threshold: number;
  minVerified: number;
}) {
  return (
    <>
      <DataTable<CodeAgreement>
        id="coding-agreement"
        caption="Agreement between the machine and people, per code"
        rows={agreement}
        rowKey={(a) => a.code}
        plain
        minWidth={640}
        columns={[
          { key: 'label', title: 'Code' },
          { key: 'kappa', title: 'Kappa', render: (a) => fmt(a.kappa) },
          { key: 'both', title: 'Both applied', render: (a) => a.confusion.both },
          { key: 'machineOnly', title: 'Machine only', render: (a) => a.confusion.machineOnly },
          { key: 'humanOnly', title: 'Human only', render: (a) => a.confusion.humanOnly },
          { key: 'neither', title: 'Neither', render: (a) => a.confusion.neither },
          {
            key: 'status',
            title: 'Status',
            render: (a) => (
              <Badge variant="light" color={a.status === 'applied' ? 'green' : 'orange'}>
                {a.status === 'applied' ? 'Applied' : 'Suggested'}
              </Badge>
            ),
          },
        ]}
      />
      <Text size="xs" c="dimmed" mt={4}>
        Cohen’s kappa between the machine and people on the verified sample. A code is applied
        (counted) at kappa {formatNumber(threshold)} or more once {minVerified} answers are verified
        ({agreement[0]?.verified ?? 0} so far); until then its applications are only suggested.
      </Text>
    </>
  );
}
