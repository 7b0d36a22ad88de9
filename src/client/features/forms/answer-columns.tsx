import { useState } from 'react';
import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { browserStorage } from '../../components/data-table/table-state';
import {
  DEFAULT_ANSWER_COLUMNS,
  saveAnswerColumns,
  savedAnswerColumns,
  shownAnswerKeys,
} from './answer-columns-state';

type Question = { key: string; label: string };

/**
 * The questions the responses table shows as columns: the first three until someone picks others
 * in the Columns menu; the pick is remembered per form in this browser (like KoboToolbox's table
 * settings), in the form's order.
 */
export function useAnswerColumns(formId: string, questions: Question[]) {
  const keys = questions.map((q) => q.key);
  // as stored: until someone picks, the first three of whatever questions the page lists now (the
  // test responses list the draft's)
  const [saved, setSaved] = useState(() => savedAnswerColumns(browserStorage(), formId));
  const pick = (next: string[]) =>
    setSaved(
      saveAnswerColumns(
        browserStorage(),
        formId,
        keys.filter((k) => next.includes(k)),
      ),
    );
  // a question added by a later version is offered, and a picked one it removed is left out
  return { shown: shownAnswerKeys(saved, keys), pick };
}

/** The Columns menu: one checkbox per question, "First 3" and "All". */
export function AnswerColumnsMenu({
  questions,
  shown,
  pick,
}: {
  questions: Question[];
  shown: string[];
  pick: (keys: string[]) => void;
}) {
  const all = questions.map((q) => q.key);
  return (
    <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns ({shown.length} of {questions.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" maw={360} mah={420} style={{ overflowY: 'auto' }}>
        <Stack gap="xs">
          <Checkbox.Group
            label="Questions shown as columns"
            value={shown}
            onChange={(v) => pick(v)}
          >
            <Stack gap={6} mt={6}>
              {questions.map((q) => (
                <Checkbox key={q.key} value={q.key} label={q.label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => pick(all)}>
              All
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => pick(all.slice(0, DEFAULT_ANSWER_COLUMNS))}
            >
              First {DEFAULT_ANSWER_COLUMNS}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Remembered for this form in this browser.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
