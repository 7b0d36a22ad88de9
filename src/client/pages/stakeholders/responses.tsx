import type { PagePropsOf } from '@shared/pages';
import { ResponsesPage } from '../../features/forms/responses';

/** stakeholders/responses: a stakeholder form's responses. */
export default function StakeholderResponses(props: PagePropsOf<'stakeholders/responses'>) {
  return <ResponsesPage {...props} />;
}
