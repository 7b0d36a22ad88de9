import type { PagePropsOf } from '@shared/pages';
import { ResponseDetail } from '../../features/forms/response-detail';

/** stakeholders/response: one response, its edit with history, data quality flags and review. */
export default function ResponsePage(props: PagePropsOf<'stakeholders/response'>) {
  return <ResponseDetail {...props} />;
}
