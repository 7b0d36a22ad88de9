import { Badge, Table, Text } from '@mantine/core';
import type { CodeAgreement } from '@shared/coding/coding.pages';
import { formatNumber } from '@shared/format/number';

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
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Kappa</Table.Th>
            <Table.Th>Both applied</Table.Th>
            <Table.Th>Machine only</Table.Th>
            <Table.Th>Human only</Table.Th>
            <Table.Th>Neither</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agreement.map((a) => (
            <Table.Tr key={a.code}>
              <Table.Td>{a.label}</Table.Td>
              <Table.Td>{fmt(a.kappa)}</Table.Td>
              <Table.Td>{a.confusion.both}</Table.Td>
              <Table.Td>{a.confusion.machineOnly}</Table.Td>
              <Table.Td>{a.confusion.humanOnly}</Table.Td>
              <Table.Td>{a.confusion.neither}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={a.status === 'applied' ? 'green' : 'orange'}>
                  {a.status === 'applied' ? 'Applied' : 'Suggested'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        Cohen’s kappa between the machine and people on the verified sample. A code is applied
        (counted) at kappa {formatNumber(threshold)} or more once {minVerified} answers are verified
        ({agreement[0]?.verified ?? 0} so far); until then its applications are only suggested.
      </Text>
    </Table.ScrollContainer>
  );
}
