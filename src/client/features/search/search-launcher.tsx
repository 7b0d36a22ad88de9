import { useCallback, useState, type ComponentType } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

type SpotlightModule = {
  SearchSpotlight: ComponentType<{ openOnMount?: boolean }>;
  openSearch: () => void;
};

/**
 * The header's search button and the Ctrl/Cmd+K shortcut. The spotlight itself (Mantine Spotlight,
 * its styles, the result list) is a separate chunk fetched the first time it is opened.
 */
export function SearchLauncher() {
  const [mod, setMod] = useState<SpotlightModule | null>(null);
  const os = useOs();
  const open = useCallback(() => {
    if (mod) mod.openSearch();
    else
      void import('./search-spotlight').then(({ SearchSpotlight, openSearch }) =>
        setMod({ SearchSpotlight, openSearch }),
      );
  }, [mod]);
  useHotkeys([['mod+K', open]], []);
  const label = `Search (${os === 'macos' ? '⌘' : 'Ctrl'}+K)`;
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={open} aria-label={label}>
          <IconSearch size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      {mod && <mod.SearchSpotlight openOnMount />}
    </>
  );
}
