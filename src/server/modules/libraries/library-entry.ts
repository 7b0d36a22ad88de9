import type { z } from 'zod';
import type {
  problemTemplateSchema,
  strategyTemplateSchema,
} from '../../../shared/toc/template.schemas.js';
import type { SectorKey } from '../../../shared/libraries/sectors.js';

/**
 * One entry of the library that ships with Pathways. `template` is the schema INPUT shape, so
 * defaults (empty metrics, data points, questions, targets) may be left out. Baselines and
 * targets stay empty: every context sets its own. Every entry is checked by content.test.ts.
 */
interface EntryBase {
  /** stable, URL-safe id: lower-case words joined by '-', unique across the library */
  slug: string;
  sector: SectorKey;
  title: string;
  /** one or two sentences shown on the card */
  summary: string;
}

export type LibraryEntry =
  | (EntryBase & { kind: 'problem'; template: z.input<typeof problemTemplateSchema> })
  | (EntryBase & { kind: 'strategy'; template: z.input<typeof strategyTemplateSchema> });
