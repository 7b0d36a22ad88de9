import { useEffect, useRef, useState } from 'react';
import { Head, router } from '@inertiajs/react';
import {
  Badge,
  Chip,
  Group,
  Kbd,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  SEARCH_MAX_QUERY,
  SEARCH_TYPE_LABELS,
  type SearchType,
} from '@shared/playground/playground.schemas';
import { overLimitMessage } from '../../lib/field-limits';
import { ResultIcon, TYPE_COLORS } from '../../features/search/result-icon';
import { useTeamSearch } from '../../features/search/use-team-search';
import { useShared } from '../../hooks/use-shared';
import classes from '../../features/search/playground.module.css';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';

/** The title with the query's first occurrence marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const i = query ? text.toLocaleLowerCase().indexOf(query.toLocaleLowerCase()) : -1;
  if (i < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, i)}
      <mark className={classes.mark}>{text.slice(i, i + query.length)}</mark>
      {text.slice(i + query.length)}
    </>
  );
}

/** problems/playground: find anything of the team by typing; arrows move, Enter opens, Esc clears, / focuses. */
export default function Playground({ initialQuery, types }: PagePropsOf<'problems/playground'>) {
  const { auth } = useShared();
  const [query, setQuery] = useState(initialQuery);
  const [kinds, setKinds] = useState<string[]>(types);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const { results, loading, error, searched } = useTeamSearch(
    query,
    kinds.length === types.length ? null : (kinds as SearchType[]),
  );
  const q = query.trim();

  // Enter pressed before the answer for the typed text arrived: open its first result when it does
  const [pendingOpen, setPendingOpen] = useState(false);
  useEffect(() => {
    setActive(0);
    if (pendingOpen && searched === q) {
      setPendingOpen(false);
      if (results[0]) router.visit(results[0].url);
    }
  }, [results]); // eslint-disable-line react-hooks/exhaustive-deps
  // the query stays in the address bar (a search can be shared or reloaded)
  useEffect(() => {
    const u = new URL(window.location.href);
    if (q) u.searchParams.set('q', q);
    else u.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', u.pathname + u.search);
  }, [q]);
  // '/' focuses the search box from anywhere on the page
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (
        e.key !== '/' ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)))
      )
        return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    listRef.current
      ?.querySelector(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (searched !== q || loading) return setPendingOpen(true);
      const r = results[active];
      if (r) router.visit(r.url);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setPendingOpen(false);
      setQuery('');
    }
  };

  const optionId = (i: number) => `playground-result-${i}`;
  return (
    <Stack maw={860} gap="md">
      <Head title="Playground" />
      <Stack gap={4}>
        <PageTitle>Playground</PageTitle>
        <Text c="dimmed">
          Find any project, problem, activity, output, outcome, metric, data point or survey
          question of {auth.team?.name ?? 'your team'} by typing.
        </Text>
      </Stack>
      <TextInput
        ref={input}
        autoFocus
        size="lg"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder="Search, e.g. attendance, teachers, latrines…"
        leftSection={loading ? <Loader size={18} /> : <IconSearch size={20} stroke={1.6} />}
        rightSection={<Kbd>/</Kbd>}
        aria-label="Search the team"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls="playground-results"
        aria-activedescendant={results.length ? optionId(active) : undefined}
        error={overLimitMessage(query, SEARCH_MAX_QUERY)}
      />
      <Chip.Group multiple value={kinds} onChange={(v) => setKinds(v.length ? v : types)}>
        <Group gap={6}>
          {types.map((t) => (
            <Chip key={t} value={t} size="xs" variant="light">
              {SEARCH_TYPE_LABELS[t]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
      {!q && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} size="sm">
            Start typing to search.
          </Text>
          <Text size="sm" c="dimmed">
            Use <Kbd>↑</Kbd> <Kbd>↓</Kbd> to move through the results, <Kbd>Enter</Kbd> to open one
            and <Kbd>Esc</Kbd> to clear. Anywhere in the app, <Kbd>Ctrl</Kbd>+<Kbd>K</Kbd> (
            <Kbd>⌘</Kbd>+<Kbd>K</Kbd> on a Mac) opens the same search.
          </Text>
        </Paper>
      )}
      {q && searched === q && !loading && results.length === 0 && !error && (
        <Paper withBorder p="md" radius="md">
          <Text size="sm">
            Nothing of your team matches “{q}”
            {kinds.length < types.length ? ' in the chosen types' : ''}.
          </Text>
        </Paper>
      )}
      {results.length > 0 && (
        <Paper
          withBorder
          radius="md"
          className={classes.list}
          ref={listRef}
          id="playground-results"
          role="listbox"
          aria-label="Results"
        >
          {results.map((r, i) => (
            <UnstyledButton
              key={`${r.type}:${r.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-index={i}
              data-active={i === active || undefined}
              className={classes.result}
              onMouseEnter={() => setActive(i)}
              onClick={() => router.visit(r.url)}
              tabIndex={-1}
            >
              <Group gap="sm" wrap="nowrap">
                <ResultIcon type={r.type} size={20} />
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text size="sm" fw={500} truncate>
                    <Highlighted text={r.title} query={q} />
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {r.subtitle}
                  </Text>
                </Stack>
                <Badge size="xs" variant="light" color={TYPE_COLORS[r.type]} visibleFrom="xs">
                  {SEARCH_TYPE_LABELS[r.type]}
                </Badge>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      {results.length >= 50 && (
        <Text size="xs" c="dimmed">
          Showing the best 50 matches. Type more to narrow the search.
        </Text>
      )}
    </Stack>
  );
}
