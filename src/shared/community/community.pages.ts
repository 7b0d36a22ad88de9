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
}

/** community/threads/show: the thread, its responses and their replies */
export interface CommunityThreadShowProps {
  community: CommunityView;
  thread: ThreadView;
  posts: PostView[];
  members: MentionCandidate[];
  viewer: { id: string; canModerate: boolean; canPost: boolean };
}
