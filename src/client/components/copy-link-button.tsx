import { useEffect, useState } from 'react';
import { Button, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLink } from '@tabler/icons-react';

/**
 * The text on the clipboard: the Clipboard API where the page may use it (https, or this machine),
 * else a selected hidden text area and the copy command (a server reached by plain http on a
 * local network, where the API does not exist). Whether it worked.
 */
async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused (no permission, the document not focused): try the old way
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies a form link as its full address (a path made absolute on this site), ready to paste into
 * a message to a respondent. Says "Copied" (or that copying failed) for two seconds; the change is
 * announced to screen readers. `of` names the link for them where a page lists several.
 */
export function CopyLinkButton({ path, of }: { path: string; of?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () =>
    setState(
      (await copyText(new URL(path, window.location.origin).toString())) ? 'copied' : 'failed',
    );
  return (
    <Button
      size="xs"
      variant={state === 'copied' ? 'light' : 'subtle'}
      color={state === 'copied' ? 'teal' : state === 'failed' ? 'red' : 'blue'}
      leftSection={state === 'copied' ? <IconCheck size={14} /> : <IconLink size={14} />}
      onClick={() => void copy()}
      aria-live="polite"
    >
      {state === 'copied'
        ? 'Copied'
        : state === 'failed'
          ? 'Copy failed: select the link'
          : 'Copy link'}
      {of && <VisuallyHidden>{` (${of})`}</VisuallyHidden>}
    </Button>
  );
}
