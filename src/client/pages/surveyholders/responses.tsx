import type { PagePropsOf } from '@shared/pages';
import { ResponsesPage } from '../../features/forms/responses';

/** surveyholders/responses: a survey form's responses. */
export default function SurveyResponses(props: PagePropsOf<'surveyholders/responses'>) {
  return <ResponsesPage {...props} />;
}
