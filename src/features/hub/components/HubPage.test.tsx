// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { HubPage } from './HubPage';

beforeEach(() => {
  initTestOutbox();
  installFakeApi({
    'GET /clinics': () => ({ results: [] }),
    'GET /assessments': () => ({ results: [], truncated: false }),
  });
});

/** The person's role (a prop of the page, not an ARIA role). */
const NURSE = 'NURSE';

describe('the hub', () => {
  it('says there is no day to show where Thrive has no clinic yet, instead of loading for ever', async () => {
    await renderWithProviders(
      <Suspense>
        <HubPage role={NURSE} homeClinic={null} />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Hub', level: 1 })).toBeTruthy();
    expect(await screen.findAllByText('No clinic is set up in Thrive yet, so there is no day to show.')).toHaveLength(
      2,
    );
  });
});
