/**
 * The forms module's published read model: its tables, for other modules' joins and counts (never
 * their writes, which go through index.ts). Free of other imports: no cycles. Link tokens are
 * secrets a reader must never copy out (form_links is not published).
 */
export {
  forms,
  formQuestions,
  formVersions,
  formResponses,
  stakeholders,
  stakeholderMerges,
  formResponseFlags,
} from './forms.tables.js';
