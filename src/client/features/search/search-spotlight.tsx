import '@mantine/spotlight/styles.css';
import './search-spotlight.css';
import { useEffect, useState } from 'react';
import { router } from '@inertiajs/react';
import { Loader, Text } from '@mantine/core';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { route } from '@shared/route';
import { SEARCH_TYPE_LABELS } from '@shared/playground/playground.schemas';
import { ResultIcon } from './result-icon';
import { useTeamSearch } from './use-team-search';

/** Open the spotlight (once this chunk is loaded). */
export const openSearch = () => spotlight.open();

/**
 * Ctrl/Cmd+K: the team-wide search (the playground's endpoint) from any page of the app. Loaded on
 * first use by the app layout's SearchLauncher, so neither the sign-in page nor the first paint pays for it.
 */
export function SearchSpotlight({ openOnMount = false }: { openOnMount?: boolean }) {
  const [query, setQuery] = useState('');
  const { results, loading, searched } = useTeamSearch(query);
  useEffect(() => {
    if (openOnMount) spotlight.open();
  }, [openOnMount]);
  const q = query.trim();
  const toPlayground = route('playground', q ? { q } : {});
  return (
    <Spotlight.Root
      title="Search the team"
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      clearQueryOnClose
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search
        placeholder="Search projects, problems, elements, metrics…"
        leftSection={loading ? <Loader size={16} /> : <IconSearch size={18} stroke={1.6} />}
        aria-label="Search the team"
      />
      <Spotlight.ActionsList>
        {results.map((r) => (
          <Spotlight.Action
            key={`${r.type}:${r.id}`}
            onClick={() => router.visit(r.url)}
            leftSection={<ResultIcon type={r.type} />}
            label={r.title}
            description={`${SEARCH_TYPE_LABELS[r.type]} · ${r.subtitle}`}
          />
        ))}
        {q && !loading && searched === q && results.length === 0 && (
          <Spotlight.Empty>Nothing matches “{q}”.</Spotlight.Empty>
        )}
        {!q && <Spotlight.Empty>Type to search everything of your team.</Spotlight.Empty>}
      </Spotlight.ActionsList>
      {toPlayground && (
        <Spotlight.Footer>
          <Text size="xs" c="dimmed">
            ↑ ↓ to move, Enter to open, Esc to close ·{' '}
            <a
              href={toPlayground}
              onClick={(e) => {
                e.preventDefault();
                spotlight.close();
                router.visit(toPlayground);
              }}
            >
              Open the playground
            </a>
          </Text>
        </Spotlight.Footer>
      )}
    </Spotlight.Root>
  );
}
