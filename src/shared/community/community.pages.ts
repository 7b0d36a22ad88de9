import type {
  CommunityView,
  FeedSort,
  MemberView,
  MentionCandidate,
  PostView,
  ReportView,
  ThreadSummary,
  ThreadView,
} from './community.js';
import type { RichNode } from './rich-text.js';
import type { ElementCounts, ProblemOption, ProjectOption } from '../libraries/libraries.pages.js';

interface ThreadList {
  threads: ThreadSummary[];
  sort: FeedSort;
  search: string;
  page: number;
  hasMore: boolean;
}

/** community/feed: threads from the communities the viewer belongs to */
export interface CommunityFeedProps extends ThreadList {
  communities: CommunityView[];
}

/** community/communities: browse, join, create */
export interface CommunityBrowseProps {
  communities: CommunityView[];
  search: string;
}

/** community/show: one community (its threads for members; members and reports for moderators) */
export interface CommunityShowProps extends ThreadList {
  community: CommunityView;
  members: MemberView[];
  reports: ReportView[];
  canModerate: boolean;
}

export interface CommunityThreadFormProps {
  community: { id: string; name: string };
  /** the thread being edited (create: null) */
  thread: { id: string; title: string; body: RichNode } | null;
  members: MentionCandidate[];
  /** titles of the library items the body's cards name (the editor shows them) */
  cards: Record<string, string>;
  /** a library item being shared: the new thread opens with its card */
  sharing: string | null;
}

interface CardItem {
  id: string;
  kind: 'problem' | 'strategy';
  title: string;
  sectorLabel: string;
}

/** community/share: pick one of your communities to share a library item into */
export interface CommunityShareProps {
  item: CardItem;
  communities: Array<{ id: string; name: string }>;
}

/** community/cards/show: a library card shared in a thread, copied into the reader's team */
export interface CommunityCardProps {
  thread: { id: string; title: string };
  card: CardItem & { summary: string | null; counts: ElementCounts; metricCount: number };
  projects: ProjectOption[];
  problems: ProblemOption[];
  canCopy: boolean;
}

/** community/threads/show: the thread, its responses and their replies */
export interface CommunityThreadShowProps {
  community: CommunityView;
  thread: ThreadView;
  posts: PostView[];
  members: MentionCandidate[];
  viewer: { id: string; canModerate: boolean; canPost: boolean };
}
