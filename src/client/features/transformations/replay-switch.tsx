import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Switch } from '@mantine/core';
import { route } from '@shared/route';

/** The recipe's setting: run again each time the source dataset gets a new version */
export function ReplaySwitch({
  transformationId,
  autoRun,
}: {
  transformationId: string;
  autoRun: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      checked={autoRun}
      disabled={busy}
      label="Re-run automatically when the source dataset gets a new version"
      description="Each run is compared row by row with the previous one: rows added, removed and changed."
      onChange={(e) => {
        setBusy(true);
        router.put(
          route('transformations.settings', { transformation: transformationId }),
          { autoRun: e.currentTarget.checked },
          { preserveScroll: true, onFinish: () => setBusy(false) },
        );
      }}
    />
  );
}
