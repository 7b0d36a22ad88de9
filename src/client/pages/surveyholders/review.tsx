import type { PagePropsOf } from '@shared/pages';
import { ReviewQueue } from '../../features/forms/review-queue';

/** surveyholders/review: the form's responses with open data quality flags. */
export default function ReviewPage(props: PagePropsOf<'surveyholders/review'>) {
  return <ReviewQueue {...props} />;
}
