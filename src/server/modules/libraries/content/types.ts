import type { ProblemTemplate, StrategyTemplate } from '../../../../shared/toc/template.schemas.js';

/**
 * Local stand-in for the LibraryEntry type the libraries module defines; replaced by a re-export
 * once that branch is merged.
 */
export type LibraryEntry =
  | { slug: string; kind: 'problem'; sector: string; title: string; summary: string; template: ProblemTemplate }
  | { slug: string; kind: 'strategy'; sector: string; title: string; summary: string; template: StrategyTemplate };
