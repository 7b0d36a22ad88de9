import type { PagePropsOf } from '@shared/pages';
import { ResponseDetail } from '../../features/forms/response-detail';

/** surveyholders/response: one response, its edit with history, data quality flags and review. */
export default function ResponsePage(props: PagePropsOf<'surveyholders/response'>) {
  return <ResponseDetail {...props} />;
}
