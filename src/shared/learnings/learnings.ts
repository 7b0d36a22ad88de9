import type { ElementKind } from '../toc/vocabulary.js';
import type { Confidence, Evidence, LearningStatus } from './learnings.schemas.js';

/** Props of the problem's Learnings tab (built by modules/learnings). */
export interface LearningView {
  id: string;
  summary: string;
  element: { id: string; kind: ElementKind; title: string } | null;
  metric: { id: string; name: string } | null;
  questionId: string | null;
  evidence: Evidence[];
  confidence: Confidence;
  action: string | null;
  actionOwner: { id: string; name: string } | null;
  actionDue: string | null;
  status: LearningStatus;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface LearningQuestionView {
  id: string;
  text: string;
  element: { id: string; kind: ElementKind; title: string } | null;
  /** the learnings that answer it, newest first */
  answeredBy: string[];
  createdAt: string;
}
export interface LearningsTab {
  learnings: LearningView[];
  questions: LearningQuestionView[];
  /** what a learning or question can be recorded against */
  options: {
    elements: Array<{ id: string; kind: ElementKind; title: string }>;
    metrics: Array<{ id: string; name: string; elementId: string }>;
    members: Array<{ id: string; name: string }>;
  };
}
