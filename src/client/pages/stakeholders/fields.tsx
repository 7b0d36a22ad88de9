import type { PagePropsOf } from '@shared/pages';
import { FormBuilder } from '../../features/forms/builder';

/** stakeholders/fields: a stakeholder form's field builder. */
export default function StakeholderFields(props: PagePropsOf<'stakeholders/fields'>) {
  return <FormBuilder {...props} />;
}
