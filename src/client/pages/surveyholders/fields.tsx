import type { PagePropsOf } from '@shared/pages';
import { FormBuilder } from '../../features/forms/builder';

/** surveyholders/fields: a survey form's field builder. */
export default function SurveyFields(props: PagePropsOf<'surveyholders/fields'>) {
  return <FormBuilder {...props} />;
}
