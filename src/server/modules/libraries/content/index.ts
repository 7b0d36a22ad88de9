import type { LibraryEntry } from '../library-entry.js';
import { girlsSecondaryCompletion } from './education-girls-secondary-completion.js';
import { savingsGroupsStrategy } from './strategy-savings-groups.js';

export type { LibraryEntry } from '../library-entry.js';

/**
 * The library that ships with Pathways: problems (whole theories of change) and strategies
 * (bundles of activities and outputs). Add an entry: one file exporting a LibraryEntry, one line here.
 */
export const SHIPPED_LIBRARY: LibraryEntry[] = [girlsSecondaryCompletion, savingsGroupsStrategy];
