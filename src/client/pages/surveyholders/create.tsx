import type { PagePropsOf } from '@shared/pages';
import { CreateForm } from '../../features/forms/create-form';

/** surveyholders/create: a new survey form. */
export default function CreateSurveyForm(props: PagePropsOf<'surveyholders/create'>) {
  return <CreateForm {...props} />;
}
