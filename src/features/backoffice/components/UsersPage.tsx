import { PageFrame } from '../../../components/PageFrame';
import { BACKOFFICE_CRUMB } from '../crumbs';

/** /users. */
export function UsersPage() {
  return (
    <PageFrame
      title="Users"
      crumbs={[BACKOFFICE_CRUMB, { label: 'Users' }]}
      purpose="Everyone who uses Thrive: create, disable or delete accounts and change roles."
    />
  );
}
