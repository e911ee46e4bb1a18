import { Button, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { memo } from 'react';
import type { Role } from '@/lib/auth/roles';
import { useUnsavedDraft } from '@/pwa/drafts';
import { CreateUserForm, useCreateUserForm } from './CreateUserForm';

/**
 * 'New user', opening the create form in a dialog (full screen on phones). Memoised: it holds the form's state,
 * and the user list it sits beside renders again at every key typed in its search box. `creator`: the signed-in
 * person's role, which decides the roles they may give.
 */
export const CreateUserButton = memo(function CreateUserButton({ creator }: { creator: Role }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Kept here rather than in the dialog: closing it by mistake loses nothing typed.
  const form = useCreateUserForm(creator);
  // 'Refresh Now' and leaving the tab warn before a half-filled form is lost.
  useUnsavedDraft(form.isDirty(), 'New user');
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  return (
    <>
      <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={open}>
        New user
      </Button>
      <Modal opened={opened} onClose={close} title="New user" size="lg" fullScreen={phone} radius="lg">
        <CreateUserForm form={form} creator={creator} onCreated={close} onCancel={close} />
      </Modal>
    </>
  );
});
