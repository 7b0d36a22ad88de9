import { Button, type ButtonProps } from '@mantine/core';
import { IconTableExport } from '@tabler/icons-react';
import { route } from '@shared/route';

/**
 * Downloads the problem's logframe workbook. A plain link (not an Inertia visit): the browser
 * saves the attachment and stays on the page.
 */
export function ExportLogframeButton({ problemId, ...props }: { problemId: string } & ButtonProps) {
  return (
    <Button component="a" href={route('logframe.export', { problem: problemId })} download variant="default" leftSection={<IconTableExport size={18} />} {...props}>
      Export logframe (XLSX)
    </Button>
  );
}
