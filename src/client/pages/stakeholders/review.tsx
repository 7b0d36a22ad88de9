import type { PagePropsOf } from '@shared/pages';
import { ReviewQueue } from '../../features/forms/review-queue';

/** stakeholders/review: the form's responses with open data quality flags. */
export default function ReviewPage(props: PagePropsOf<'stakeholders/review'>) {
  return <ReviewQueue {...props} />;
}
