import type { PagePropsOf } from '@shared/pages';
import { CreateForm } from '../../features/forms/create-form';

/** stakeholders/create: a new stakeholder form. */
export default function CreateStakeholderForm(props: PagePropsOf<'stakeholders/create'>) {
  return <CreateForm {...props} />;
}
