import { useState } from 'react';

/**
 * The value, or while it is null the last one it was: what a drawer keeps showing as it animates
 * closed (a dialog whose title went blank mid-transition had no accessible name: axe
 * aria-dialog-name).
 */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  // adjusting state while rendering, React's pattern for state derived from a prop
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
