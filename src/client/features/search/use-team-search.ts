import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { route } from '@shared/route';
import type { SearchResult, SearchType } from '@shared/playground/playground.schemas';
import { httpJson } from '../../lib/http';

export interface TeamSearch {
  results: SearchResult[];
  loading: boolean;
  error: string | null;
  /** the query the results belong to */
  searched: string;
}

/** Debounced team-wide search (playground.search): the latest answer wins, older ones are aborted. */
export function useTeamSearch(
  query: string,
  kinds: readonly SearchType[] | null = null,
  delay = 150,
): TeamSearch {
  const [debounced] = useDebouncedValue(query.trim(), delay);
  const [state, setState] = useState<TeamSearch>({
    results: [],
    loading: false,
    error: null,
    searched: '',
  });
  const kindsKey = kinds ? kinds.join(',') : '';
  useEffect(() => {
    if (!debounced) {
      setState({ results: [], loading: false, error: null, searched: '' });
      return;
    }
    const ctl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    httpJson<{ results: SearchResult[] }>(
      route('playground.search', { q: debounced, ...(kindsKey ? { kinds: kindsKey } : {}) }),
      { signal: ctl.signal },
    )
      .then((r) =>
        setState({ results: r.results, loading: false, error: null, searched: debounced }),
      )
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setState({
          results: [],
          loading: false,
          error: e instanceof Error ? e.message : 'Search failed.',
          searched: debounced,
        });
      });
    return () => ctl.abort();
  }, [debounced, kindsKey]);
  return state;
}
