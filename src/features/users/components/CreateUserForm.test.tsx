// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '@/lib/api';
import type { Role } from '@/lib/auth/roles';
import { renderWithProviders } from '@/test/render';
import { CreateUserForm, useCreateUserForm } from './CreateUserForm';

const fetch = vi.fn<(request: Request) => Promise<Response>>();
const onCreated = vi.fn();

beforeEach(() => {
  fetch.mockReset();
  onCreated.mockReset();
  initApi({ baseUrl: 'http://thrive.test/api/v1', getAccessToken: () => Promise.resolve('a.b.c'), fetch });
});

function Harness({ creator }: { creator: Role }) {
  const form = useCreateUserForm(creator);
  return <CreateUserForm form={form} creator={creator} onCreated={onCreated} onCancel={() => undefined} />;
}

function problem(status: number, detail: string, errors?: { field: string; message: string }[]) {
  return Response.json(
    { type: 'about:blank', title: 'Refused', status, detail, ...(errors ? { errors } : {}) },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
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
    fetch.mockResolvedValue(Response.json({ Username: 'x', Profile: null, UserAttributes: [] }, { status: 201 }));
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await fillIn(user, 'Nurse');
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('neela@thrive.test');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const request = fetch.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({
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
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers an admin every role but super admin', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Client', 'Nurse', 'Reception', 'Doctor', 'Health coach', 'Nutritionist', 'Admin']);
  });

  it('shows a duplicate e-mail (409) at the e-mail field and keeps what was typed', async () => {
    fetch.mockResolvedValue(
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
    fetch.mockResolvedValue(
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
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    await renderWithProviders(<Harness creator="ADMIN" />);
    await fillIn(user, 'Client');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Creating a user needs the network.');
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('neela@thrive.test');
  });
});
