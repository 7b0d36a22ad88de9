import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { ELEMENT_KIND_LABELS, type ElementKind } from '@shared/toc/vocabulary';
import type { Consequences } from '@shared/problems/problems.types';
import { consequenceText, plural } from './labels';

export interface DeletableElement {
  id: string;
  kind: ElementKind;
  title: string;
  /** exact counts (element page) or what the list knows (links and metrics) */
  consequences?: Partial<Consequences>;
}

/** "Delete this outcome?" stating what goes with it. */
export function DeleteElementModal({
  element: current,
  onClose,
}: {
  element: DeletableElement | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  // keep the text while the modal fades out
  const [element, setElement] = useState(current);
  if (current && current !== element) setElement(current);
  const c = element?.consequences ?? {};
  const what = element ? ELEMENT_KIND_LABELS[element.kind].toLowerCase() : '';
  const also = consequenceText(c);
  const confirm = () => {
    if (!element) return;
    setBusy(true);
    router.delete(route('elements.destroy', { element: element.id }), {
      preserveScroll: true,
      onFinish: () => (setBusy(false), onClose()),
    });
  };
  return (
    <Modal opened={!!current} onClose={onClose} title={`Delete this ${what}?`} centered>
      <Stack>
        <Text size="sm">
          “{element?.title}” will be removed from the theory of change.{' '}
          {also ? 'This also deletes:' : 'Nothing else depends on it.'}
        </Text>
        {also && (
          <List size="sm" spacing={2}>
            {!!c.links && (
              <List.Item>{plural(c.links, 'link')} to and from other elements</List.Item>
            )}
            {!!c.metrics && (
              <List.Item>
                {plural(c.metrics, 'metric')}, with {c.metrics === 1 ? 'its' : 'their'} targets
              </List.Item>
            )}
            {!!c.dataPoints && <List.Item>{plural(c.dataPoints, 'data point')}</List.Item>}
            {!!c.surveyQuestions && (
              <List.Item>{plural(c.surveyQuestions, 'survey question')}</List.Item>
            )}
            {!!c.values && <List.Item>{plural(c.values, 'recorded value')}</List.Item>}
            {c.dataPoints === undefined && !!c.metrics && (
              <List.Item>the data points and values recorded under those metrics</List.Item>
            )}
          </List>
        )}
        <Text size="sm" c="dimmed">
          This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            Delete {what}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
