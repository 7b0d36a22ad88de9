import type { InsightStatus } from '@shared/insights/status';

/** Colours of the statuses (Mantine colour names and the chart hex of the same). */
export const STATUS_COLOR: Record<InsightStatus, string> = {
  'on-track': 'green',
  'at-risk': 'yellow',
  'off-track': 'red',
  'no-data': 'gray',
};
export const STATUS_HEX: Record<InsightStatus, string> = {
  'on-track': '#2f9e44',
  'at-risk': '#f08c00',
  'off-track': '#e03131',
  'no-data': '#adb5bd',
};
