import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** The app key the durability tests' processes share (sessions and CSRF tokens survive restarts). */
export const KEY = { APP_KEY: 'durability-test-key-0123456789abcdefghijklmnopqrstuvwxyz' };

/** Temporary data dirs for this file, removed after its tests (call at the top level of a test file). */
export function tempDirs() {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = mkdtempSync(path.join(tmpdir(), 'pathways-durable-'));
    dirs.push(d);
    return d;
  };
}
