// @vitest-environment happy-dom
// Modules of its own (unit-isolated): sharing them with the files before it, its submitted requests went
// unanswered in some orders of the suite (not reproduced alone); see ARCHITECTURE.md on the two unit projects.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/auth/roles';
import { installFakeApi, problem, unreachable, type FakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { CreateUserForm, useCreateUserForm } from './CreateUserForm';

let api: FakeApi;
const onCreated = vi.fn();
const posts = () => api.callsTo('POST /users/users');

beforeEach(() => {
  onCreated.mockReset();
  api = installFakeApi({ 'POST /users/users': () => ({ Username: 'x', Profile: null, UserAttributes: [] }) });
});

function Harness({ creator }: { creator: Role }) {
  const form = useCreateUserForm(creator);
  return <CreateUserForm form={form} creator={creator} onCreated={onCreated} onCancel={() => undefined} />;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, role: string) {
  await user.type(screen.getByLabelText(/^Email/), ' Neela@Thrive.TEST');
  // Pasted rather than typed key by key: quicker, and what is tested is the form, not typing.
  await user.click(screen.getByLabelText(/^First name/));
  await user.paste('Neela');
  await user.click(screen.getByLabelText(/^Last name/));
  await user.paste('Varghese');
  await user.click(screen.getByRole('combobox', { name: /^Role/ }));
  await user.click(await screen.findByRole('option', { name: role }));
  await user.click(screen.getByLabelText('Phone'));
  await user.paste('555 555 0101');
}

describe('CreateUserForm', () => {
  it('lowercases the e-mail as typed and posts the user with the phone under +1', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await fillIn(user, 'Nurse');
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('neela@thrive.test');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toEqual({
      email: 'neela@thrive.test',
      first_name: 'Neela',
      last_name: 'Varghese',
      role: 'NURSE',
      phone_number: '+15555550101',
      clinic: null,
    });
  });

  it('sends nothing while a field is wrong, and says what is wrong', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Enter the e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter the first name')).toBeTruthy();
    expect(screen.getByText('Choose a role')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('offers an admin every role but super admin', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Client', 'Nurse', 'Reception', 'Doctor', 'Health coach', 'Nutritionist', 'Admin']);
  });

  it('shows a duplicate e-mail (409) at the e-mail field and keeps what was typed', async () => {
    api.on('POST /users/users', () =>
      problem(409, 'A user with this e-mail already exists.', [
        { field: 'body.email', message: 'A user with this e-mail already exists.' },
      ]),
    );
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await fillIn(user, 'Client');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('A user with this e-mail already exists.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Neela');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("puts the server's field errors (400) on the fields", async () => {
    api.on('POST /users/users', () =>
      problem(400, 'The request is not valid.', [{ field: 'body.phone_number', message: 'must match pattern' }]),
    );
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await fillIn(user, 'Client');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('must match pattern')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });

  it('says that creating a user needs the network when the server cannot be reached', async () => {
    api.on('POST /users/users', unreachable);
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await fillIn(user, 'Client');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Creating a user needs the network.');
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('neela@thrive.test');
  });
});
