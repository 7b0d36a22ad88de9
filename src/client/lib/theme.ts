import {
  Badge,
  Breadcrumbs,
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

// Contrast (WCAG AA, checked by axe-core on every e2e page): Mantine's default filled shade (6) puts white
// text on blue at 3.5:1 and its dimmed grey (gray.6) is 3.3:1 on white. Filled colours use shade 8, and
// autoContrast picks black or white text by the background's luminance, switching where both are equal
// (0.18), so every filled colour (green, yellow, ...) reads at 4.5:1 or more.
// The light variant (badges, light buttons, the active nav link) writes shade 9 on a tint of the colour
// (3.8:1 for green), outline and subtle ones write the filled shade on white (3.6:1 for orange). Their
// text is darkened a third towards black (4.5:1 or more for every colour).
const DARKENED_TEXT = new Set(['light', 'outline', 'subtle', 'transparent']);
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (
    input.variant &&
    DARKENED_TEXT.has(input.variant) &&
    colors.color !== 'var(--mantine-color-black)'
  )
    return { ...colors, color: `color-mix(in srgb, ${colors.color} 67%, black)` };
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // every close button is named (axe: button-name); plain objects, so the entry chunk imports no Modal code
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // a badge (role, status) keeps its width in a tight row or card (no "OW..."); only text longer than the line is cut
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, maxWidth: '100%' } } }),
    // a long name (a pasted URL) takes at most one line, cut with an ellipsis, never widening the page
    Breadcrumbs: Breadcrumbs.extend({
      styles: {
        root: { flexWrap: 'wrap', rowGap: 4, minWidth: 0 },
        breadcrumb: {
          maxWidth: '100%',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
      },
    }),
  },
});

/**
 * Dimmed text at gray.7 (8:1 on white, 7.6:1 on the gray.0 page background) instead of gray.6 (3.3:1).
 * A field's error text at red.9 (5.4:1 on white, 5.2:1 on gray.0) instead of the filled red.8 (4.5:1
 * on white, 4.3:1 on gray.0; axe flagged an empty value's message on the metric page).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
