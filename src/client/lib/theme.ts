import { Badge, Breadcrumbs, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // a badge (role, status) keeps its width in a tight row or card (no "OW..."); only text longer than the line is cut
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, maxWidth: '100%' } } }),
    // a long name (a pasted URL) takes at most one line, cut with an ellipsis, never widening the page
    Breadcrumbs: Breadcrumbs.extend({
      styles: {
        root: { flexWrap: 'wrap', rowGap: 4, minWidth: 0 },
        breadcrumb: { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      },
    }),
  },
});
