import {
  IconChartBar,
  IconDatabase,
  IconFolder,
  IconHelpCircle,
  IconHierarchy2,
  IconTarget,
} from '@tabler/icons-react';
import type { SearchType } from '@shared/playground/playground.schemas';

const ICONS = {
  project: IconFolder,
  problem: IconTarget,
  element: IconHierarchy2,
  metric: IconChartBar,
  data_point: IconDatabase,
  survey_question: IconHelpCircle,
} as const;
export const TYPE_COLORS: Record<SearchType, string> = {
  project: 'blue',
  problem: 'red',
  element: 'grape',
  metric: 'indigo',
  data_point: 'cyan',
  survey_question: 'teal',
};

export function ResultIcon({ type, size = 18 }: { type: SearchType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} stroke={1.6} color={`var(--mantine-color-${TYPE_COLORS[type]}-6)`} />;
}
