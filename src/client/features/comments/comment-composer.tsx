import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar, Button, Combobox, Group, Text, Textarea, useCombobox } from '@mantine/core';
import {
  COMMENT_MAX,
  decodeMentions,
  encodeMentions,
  mentionName,
  updateCommentSchema,
  type CommentPerson,
} from '@shared/comments/comments.schemas';
import { passesCheck, stateForm } from '../../lib/form-check';
import { overLimitMessage } from '../../lib/field-limits';
import { errorText } from './use-comment-thread';
import { formatNumber } from '@shared/format/number';

/** The `@query` being typed just before the caret, if any (start of text or after a space or bracket). */
function activeQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|[\s([{])@([^\s@]{0,30})$/u.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[2].length - 1, query: m[2] };
}

interface Props {
  members: CommentPerson[];
  /** the stored body being edited (mentions decoded for display) */
  initial?: string;
  submitLabel: string;
  placeholder?: string;
  autoFocus?: boolean;
  onSubmit(body: string): Promise<void>;
  onCancel?(): void;
}

/**
 * A textarea with @-mention autocomplete over the team's members. Mentions show as `@Name` while
 * typing and are sent as `@[Name](userId)`. Ctrl/Cmd+Enter sends.
 */
export function CommentComposer({
  members,
  initial = '',
  submitLabel,
  placeholder,
  autoFocus,
  onSubmit,
  onCancel,
}: Props) {
  const names = Object.fromEntries(members.map((m) => [m.id, m.name]));
  const start = decodeMentions(initial, names);
  const [text, setText] = useState(start.text);
  const [picked, setPicked] = useState(start.picked);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const caretAfterRender = useRef<number | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const q = query?.query.toLowerCase() ?? '';
  const matches = query
    ? members
        .filter(
          (m) =>
            m.name
              .toLowerCase()
              .split(/\s+/)
              .some((w) => w.startsWith(q)) || m.name.toLowerCase().startsWith(q),
        )
        .slice(0, 8)
    : [];

  useEffect(() => {
    if (matches.length) {
      combobox.openDropdown();
      combobox.selectFirstOption();
    } else combobox.closeDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query?.start, q, matches.length]);

  const track = (value: string, caret: number) => {
    setText(value);
    setQuery(activeQuery(value, caret));
    if (error) setError(null);
  };

  const pick = (id: string) => {
    const m = members.find((x) => x.id === id);
    if (!m || !query) return;
    const name = mentionName(m.name);
    const caret = query.start + 1 + query.query.length;
    const next = `${text.slice(0, query.start)}@${name} ${text.slice(caret)}`;
    const at = query.start + name.length + 2;
    setText(next);
    setPicked((list) => [...list.filter((x) => x.id !== m.id), { id: m.id, name }]);
    setQuery(null);
    combobox.closeDropdown();
    caretAfterRender.current = at;
  };

  // put the caret after the inserted mention in the same commit as the new text, so a key typed
  // right after picking lands there (a requestAnimationFrame lost the race on a busy machine)
  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === null || !ref.current) return;
    caretAfterRender.current = null;
    ref.current.focus();
    ref.current.setSelectionRange(at, at);
  }, [text]);

  const submit = async () => {
    const body = encodeMentions(text, picked).trim();
    if (overLimitMessage(text, COMMENT_MAX)) return;
    const checked = stateForm({ body }, (errors) => setError(errors.body ?? null));
    if (!passesCheck(checked, updateCommentSchema)) return;
    setBusy(true);
    try {
      await onSubmit(body);
      setText('');
      setPicked([]);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && combobox.dropdownOpened) {
      e.preventDefault();
      setQuery(null);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start" withinPortal>
        <Combobox.Target withKeyboardNavigation={combobox.dropdownOpened}>
          <Textarea
            ref={ref}
            aria-label={placeholder ?? 'Comment'}
            placeholder={placeholder}
            value={text}
            autosize
            minRows={2}
            maxRows={12}
            autoFocus={autoFocus}
            error={overLimitMessage(text, COMMENT_MAX) ?? error}
            onChange={(e) => track(e.currentTarget.value, e.currentTarget.selectionStart)}
            onSelect={(e) =>
              setQuery(activeQuery(e.currentTarget.value, e.currentTarget.selectionStart))
            }
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={onKeyDown}
            data-testid="comment-input"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!matches.length}>
          <Combobox.Options aria-label="Team members">
            {matches.map((m) => (
              <Combobox.Option value={m.id} key={m.id}>
                <Group gap="xs" wrap="nowrap">
                  <Avatar size={22} radius="xl" color="initials" name={m.name}>
                    {m.initials}
                  </Avatar>
                  <Text size="sm">{m.name}</Text>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
          {text.length > COMMENT_MAX - 500
            ? `${formatNumber(Math.max(0, COMMENT_MAX - text.length))} characters left`
            : 'Type @ to mention a teammate. Ctrl+Enter sends.'}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button size="xs" type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
