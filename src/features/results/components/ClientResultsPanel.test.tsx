// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAB_REPORT_MAX_BYTES, type Role, type components } from '@contract';
import { installFakeApi, type FakeApi } from '@/test/fake-api';
import { initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { ClientResultsPanel } from './ClientResultsPanel';

type Result = components['schemas']['Result'];

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
const SLOW = { timeout: 10_000 };

/** What every reader of a result reads: that it exists, for which test and when, and whether it is released. */
const RECORD: Result = {
  id: '5f0c1c1e-aaaa-4222-8333-444455556666',
  client_id: CLIENT_ID,
  client_name: 'Priya Sharma',
  appointment_id: null,
  test_name: 'Lipid panel',
  collected_at: '2026-03-02T03:00:00Z',
  received_at: '2026-03-02T09:00:00Z',
  released: false,
  released_at: null,
  version: 1,
};

/** The same result as a role reading its values has it. */
const WHOLE: Result = {
  ...RECORD,
  source: 'entered',
  lab: 'Apex Diagnostics',
  reported_at: null,
  critical: false,
  observations: [
    {
      loinc: '2093-3',
      label: 'Total cholesterol',
      value: 214,
      unit: 'mg/dL',
      range_low: null,
      range_high: 199,
      flag: 'high',
    },
  ],
  created_by_name: 'Nina Thomas',
  released_by_name: null,
  release_note: null,
};

/** The lab's report as the API says one is attached. */
const REPORT: NonNullable<Result['report']> = {
  file_name: 'lab-report-lipid-panel-2026-03-02.pdf',
  size_bytes: 86_000,
  attached_at: '2026-03-03T09:00:00Z',
  attached_by_name: 'Nina Thomas',
};

let answered: Result;
let fakeApi: FakeApi;

beforeEach(() => {
  initTestOutbox();
  fakeApi = installFakeApi({ 'GET /results': () => ({ results: [answered], pending: [], truncated: false }) });
});

async function panelAs(role: Role) {
  await renderWithProviders(<ClientResultsPanel clientId={CLIENT_ID} clientName="Priya Sharma" role={role} />);
  return screen.findByRole('article', { name: 'Lipid panel, Mon 2 Mar 2026' }, SLOW);
}

describe('ClientResultsPanel', () => {
  it('shows reception that a result exists and awaits review, its values not shown to its role, nothing to do', async () => {
    // As the API answers reception: the record of the result, none of its values.
    answered = RECORD;
    const card = await panelAs('RECEPTION');
    expect(within(card).getByText('Awaiting a doctor’s review')).toBeTruthy();
    expect(within(card).getByText('Not shown to your role')).toBeTruthy();
    expect(within(card).queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enter a result' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Review and release' })).toBeNull();
  });

  it('shows a doctor the values against their range, to review and release', async () => {
    answered = WHOLE;
    const card = await panelAs('DOCTOR');
    expect(within(card).getByRole('rowheader', { name: /Total cholesterol/ })).toBeTruthy();
    expect(within(card).queryByText('Not shown to your role')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Review and release' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter a result' })).toBeTruthy();
  });

  it('shows reception no report to download or attach: it reads only that the result exists', async () => {
    answered = RECORD;
    const card = await panelAs('RECEPTION');
    expect(within(card).queryByRole('button', { name: /Original report/ })).toBeNull();
    expect(within(card).queryByText('Attach the lab’s report (PDF)')).toBeNull();
  });

  it('offers a coach the lab’s report to download, not to attach', async () => {
    answered = { ...WHOLE, released: true, report: REPORT };
    const card = await panelAs('HEALTH_COACH');
    expect(within(card).getByRole('button', { name: 'Original report (PDF) of Lipid panel, 84 KB' })).toBeTruthy();
    expect(within(card).queryByText('Attach the lab’s report (PDF)')).toBeNull();
  });

  it('lets a nurse attach the lab’s PDF: refuses here what is not one or is too large, sends a PDF on the version shown', async () => {
    answered = WHOLE;
    fakeApi.on('PUT /results/{id}/report', () => ({ ...WHOLE, version: 2, report: REPORT }));
    const card = await panelAs('NURSE');
    const input = within(card).getByTestId<HTMLInputElement>('lab-report-file');
    expect(input.accept).toBe('application/pdf,.pdf');
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['Total cholesterol 214'], 'report.pdf', { type: 'application/pdf' }));
    expect(
      await within(card).findByText('“report.pdf” is not a PDF. Choose the report as the lab sent it, a PDF file.'),
    ).toBeTruthy();

    const scan = new File([new Uint8Array(LAB_REPORT_MAX_BYTES + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(input, scan);
    expect(
      await within(card).findByText(
        'This file is 10.0 MB: a report can be 10 MB at most. Ask the lab for a smaller PDF.',
      ),
    ).toBeTruthy();
    expect(fakeApi.callsTo('PUT /results/{id}/report')).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4\n%%EOF\n'], 'apex.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(fakeApi.callsTo('PUT /results/{id}/report')).toHaveLength(1));
    const [sent] = fakeApi.callsTo('PUT /results/{id}/report');
    expect(sent?.params).toEqual({ id: WHOLE.id });
    expect(sent?.headers.get('if-match')).toBe('"1"');
    expect(sent?.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(sent?.body as unknown as Uint8Array)).toBe('%PDF-1.4\n%%EOF\n');
  });
});
