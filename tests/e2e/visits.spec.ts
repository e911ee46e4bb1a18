/**
 * Therapy visits at the bay, on a tablet: a nurse starts an IV visit from the
 * hub, charts through a Wi-Fi drop and a reload, hands the tablet to a second
 * nurse, who finishes and signs it; the server holds one visit, each entry
 * attributed to the nurse who made it, locked, corrected only by addenda.
 * Then each therapy's form, filled from the contract's table and signed.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { exampleVisit } from '@contract';
import { CONTRAINDICATIONS, THERAPY_FIELDS, THERAPY_INFO, type FieldSpec, type ListSpec } from '@contract';
import type { components } from '@contract';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { DEFAULT_DEMO_CLIENTS } from '../../scripts/demo/seed.ts';
import {
  accessToken,
  DEMO_PASSWORD,
  expect,
  expectNoSeriousAxeViolation,
  OFFLINE_CONSOLE_ERRORS,
  pressSignOut,
  reloadToUnlockScreen,
  signIn,
  test,
  unlock,
  waitForServiceWorker,
} from './fixtures.ts';

/** A visit as the roles that chart it read it: the whole record (resource-fields.ts). */
type Visit = Required<components['schemas']['Visit']>;
type Appointment = components['schemas']['Appointment'];
type Therapy = components['schemas']['VisitTherapy'];
type Entry = { id: string } & Record<string, unknown>;

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 820, height: 1180 } });
// The service worker only where a test is about working offline: installing it precaches every chunk again.
test.use({ serviceWorkers: 'block' });

/** Consented generated clients no other spec charts, one per therapy. */
const CLIENTS = generateClients(50)
  .filter((client) => client.hipaaConsent)
  .slice(20, 25);

async function asSuper<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${await accessToken('super@thrive.test')}` },
  });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

async function signedIn(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  // Signing in also unwraps the person's data key (PBKDF2): a moment more on a busy machine.
  await expect(
    page.getByRole('button', { name: 'Sign out' }).or(page.getByRole('button', { name: 'Open navigation' })),
  ).toBeVisible({ timeout: 30_000 });
}

const saveState = (page: Page) => page.getByTestId('visit-save-state');

/** Answers a yes-or-no question by its label. */
async function answer(scope: Page | Locator, question: string, choice: 'Yes' | 'No'): Promise<void> {
  await scope.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice }).check();
}

async function addVitals(page: Page, phase: 'Before' | 'During' | 'After', readings: Record<string, number>) {
  await page.getByRole('button', { name: 'Add vitals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vitals' });
  await dialog.getByRole('radiogroup', { name: 'When' }).getByText(phase, { exact: true }).click();
  for (const [label, value] of Object.entries(readings)) {
    await dialog.getByLabel(label, { exact: true }).fill(String(value));
  }
  await dialog.getByRole('button', { name: 'Add vitals' }).click();
  await expect(dialog).toBeHidden();
}

/** Enters a value into the field of `spec` inside `scope`, the way a nurse would. */
async function enter(page: Page, scope: Page | Locator, spec: FieldSpec, value: unknown): Promise<void> {
  if (value === null || value === undefined) return;
  switch (spec.input) {
    case 'number':
    case 'text':
    case 'date':
      await scope
        .getByLabel(spec.label, { exact: true })
        .fill(typeof value === 'number' ? String(value) : (value as string));
      return;
    case 'choice': {
      const option = spec.options.find((candidate) => candidate.value === value)!.label;
      const segmented = scope.getByRole('radiogroup', { name: spec.label });
      if ((await segmented.count()) > 0) {
        await segmented.getByText(option, { exact: true }).click();
      } else {
        await scope.getByRole('combobox', { name: spec.label, exact: true }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      }
      return;
    }
    case 'choices':
      for (const item of value as string[]) {
        // A chip: its checkbox is visually hidden, and a person taps the chip's label.
        const box = scope.getByRole('checkbox', { name: spec.options.find((option) => option.value === item)!.label });
        await scope.locator(`label[for="${await box.getAttribute('id')}"]`).click();
        await expect(box).toBeChecked();
      }
      return;
    case 'instant':
      await scope.getByRole('button', { name: `${spec.label}: now` }).click();
      // The next instant falls a second and more later on the tablet's clock (instants are kept to the second, and
      // a stop must come after its start), without waiting for it: a test that charts instants runs on page.clock.
      await page.clock.fastForward(1_100);
      return;
    case 'yes-no':
      await answer(scope, spec.label, value === true ? 'Yes' : 'No');
      return;
    case 'checklist':
      for (const question of spec.questions) {
        await answer(scope, question.label, (value as Record<string, boolean>)[question.key] ? 'Yes' : 'No');
      }
      return;
  }
}

/** Fills a therapy's own section from the example visit, entries included, from the contract's table. */
async function fillTherapy(page: Page, therapy: Therapy, fields: Record<string, unknown>): Promise<void> {
  const section = page.getByRole('region', { name: THERAPY_INFO[therapy].name });
  for (const [name, spec] of Object.entries(THERAPY_FIELDS[therapy]) as [string, FieldSpec | ListSpec<Entry>][]) {
    if (spec.input !== 'list') {
      await enter(page, section, spec, fields[name]);
      continue;
    }
    const entries = (fields[name] ?? []) as Entry[];
    for (const [index, entry] of entries.entries()) {
      await section.getByRole('button', { name: `Add ${spec.itemLabel.toLowerCase()}` }).click();
      const group = section.getByRole('group', { name: `${spec.itemLabel} ${index + 1}` });
      for (const [item, itemSpec] of Object.entries<FieldSpec>(spec.fields))
        await enter(page, group, itemSpec, entry[item]);
    }
  }
}

async function answerScreen(page: Page, therapy: Therapy): Promise<void> {
  const screen = page.getByRole('region', { name: 'Contraindication screen' });
  for (const question of CONTRAINDICATIONS[therapy]) await answer(screen, question.label, 'No');
}

async function sign(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign visit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign and lock this visit?' });
  await confirm.getByLabel('I confirm this record is accurate and complete').check();
  await confirm.getByRole('button', { name: 'Sign and lock' }).click();
}

test.describe('with the app installed on the tablet', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a nurse charts an IV visit from the hub through a Wi-Fi drop; a second nurse takes over and signs it', async ({
    page,
    context,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_CONSOLE_ERRORS);
    // Tessa's sign-out ends her access tokens at the API: a send still carrying one hears 401, and the courier renews it.
    allowConsoleError(/status of 401 \(Unauthorized\)/);
    // The demo clinic's IV chair 2 has a consented client checked in right now.
    const today = await asSuper<{ results: Appointment[] }>(request, '/appointments?status=checked_in&limit=50');
    const appointment = today.results.find(
      (a) => a.resource_name === 'IV chair 2' && a.clinic_name === 'Thrive Bengaluru',
    )!;
    expect(appointment, 'the demo week has a client on IV chair 2').toBeDefined();
    // Signing out ends a user's sessions everywhere: Tessa, whom no other spec signs in, hands over to Joseph.
    const tessa = demoAccount('nurse3@thrive.test');
    const joseph = demoAccount('nurse2@thrive.test');

    // From the hub: the client in clinic now, their appointment, 'Start visit'.
    await signedIn(page, 'nurse3@thrive.test');
    await page.goto('/hub');
    await page.getByRole('list', { name: 'Clients in clinic now' }).getByText(appointment.client_name).click();
    await page
      .getByRole('dialog', { name: appointment.client_name })
      .getByRole('button', { name: 'Start visit' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('IV therapy visit');
    const visitId = page.url().split('/visit/')[1]!;
    await waitForServiceWorker(page);
    await expect(saveState(page)).toContainText('Saved to the server', { timeout: 20_000 });
    await expectNoSeriousAxeViolation(page);

    // The Wi-Fi drops at the bay: everything is kept on the tablet.
    await context.setOffline(true);
    await answer(page.getByRole('region', { name: 'Consent' }), 'The client consents to IV therapy today', 'Yes');
    await answerScreen(page, 'iv');
    await addVitals(page, 'Before', { Systolic: 122, Diastolic: 78, 'Heart rate': 70 });
    const example = exampleVisit('iv', { clientId: appointment.client_id });
    const {
      started_at: _start,
      stopped_at: _stop,
      volume_infused_ml: _infused,
      site_checks: _checks,
      ...soFar
    } = example.iv!;
    await fillTherapy(page, 'iv', { ...soFar, site_checks: [] });
    await expect(saveState(page)).toContainText('Saved on this device', { timeout: 10_000 });

    // A reload, still offline: Thrive is locked until Tessa gives her password (checked on the tablet); nothing is lost.
    await reloadToUnlockScreen(page);
    await unlock(page);
    const iv = page.getByRole('region', { name: 'IV therapy' });
    await expect(iv.getByRole('group', { name: 'Additive 2' }).getByLabel('Lot', { exact: true })).toHaveValue(
      'MG-0457',
    );
    await expect(page.getByRole('region', { name: 'Vitals', exact: true })).toContainText('BP 122/78 mmHg');

    // Tessa hands the tablet over: she is told what is unsent, and signs out.
    await pressSignOut(page);
    const warning = page.getByRole('dialog', { name: 'Some changes are not on the server yet' });
    await expect(warning).toContainText(`IV therapy visit of ${appointment.client_name}`);
    await warning.getByRole('button', { name: 'Sign out now' }).click();
    await expect(page).toHaveURL(/\/login/);

    // The network is back for Joseph's sign-in; Tessa's charting arrives with her own credential.
    await context.setOffline(false);
    await page.getByLabel(/^Email/).fill('nurse2@thrive.test');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
    await expect
      .poll(async () => (await asSuper<Visit>(request, `/visits/${visitId}`)).iv?.additives?.length, {
        timeout: 30_000,
      })
      .toBe(2);
    await page.goto(`/client/iv/${appointment.client_id}/visit/${visitId}`);
    await expect(page.getByRole('region', { name: 'Vitals', exact: true })).toContainText('Tessa Abraham');

    // Joseph charts the rest offline again, then the network returns and he signs.
    await context.setOffline(true);
    await addVitals(page, 'After', { Systolic: 118, Diastolic: 76, 'Heart rate': 68 });
    // The infusion's start and stop, on the tablet's clock (see enter).
    await page.clock.install();
    await enter(page, iv, THERAPY_FIELDS.iv.started_at, 'now');
    await enter(page, iv, THERAPY_FIELDS.iv.stopped_at, 'now');
    await enter(page, iv, THERAPY_FIELDS.iv.volume_infused_ml, 480);
    await expect(saveState(page)).toContainText('Saved on this device', { timeout: 10_000 });
    await context.setOffline(false);
    await expect(saveState(page)).toContainText('Saved to the server', { timeout: 30_000 });
    await sign(page);
    await expect(page.getByText(/^Signed by Joseph Mathew on /)).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousAxeViolation(page);

    // The server: one visit, signed by Joseph, each entry by whoever made it.
    const visit = await asSuper<Visit>(request, `/visits/${visitId}`);
    expect(visit).toMatchObject({
      state: 'signed',
      signed_by: joseph.id,
      created_by: tessa.id,
      appointment_id: appointment.id,
    });
    const before = visit.vitals.find((entry) => entry.phase === 'before')!;
    const after = visit.vitals.find((entry) => entry.phase === 'after')!;
    expect(visit.attributions[before.id]?.by).toBe(tessa.id);
    expect(visit.attributions[after.id]?.by).toBe(joseph.id);
    for (const additive of visit.iv.additives!) expect(visit.attributions[additive.id]?.by).toBe(tessa.id);
    expect(visit.attributions['iv.volume_infused_ml']?.by).toBe(joseph.id);
    const listed = await asSuper<{ results: { id: string }[] }>(request, `/visits?appointment=${appointment.id}`);
    expect(listed.results.map((item) => item.id)).toEqual([visitId]);
    expect((await asSuper<Appointment>(request, `/appointments/${appointment.id}`)).status).toBe('completed');

    // Locked: corrections are addenda.
    await page.getByRole('textbox', { name: 'Addendum' }).fill('Volume infused was 480 mL; the bag was not finished.');
    await page.getByRole('button', { name: 'Add addendum' }).click();
    await expect(page.getByText('Volume infused was 480 mL; the bag was not finished.')).toBeVisible();
    await expect
      .poll(async () =>
        (await asSuper<Visit>(request, `/visits/${visitId}`)).addenda.map((addendum) => addendum.author_id),
      )
      .toEqual([joseph.id]);

    // The client reads the signed visit in the portal, with its addendum; Joseph has handed the tablet back first.
    await pressSignOut(page);
    await expect(page).toHaveURL(/\/login/);
    const client = generateClients(DEFAULT_DEMO_CLIENTS).find((candidate) => candidate.id === appointment.client_id)!;
    await signIn(page, client.email);
    await expect(page).toHaveURL(new RegExp(`/user/home/${client.id}$`));
    await page.goto(`/user/reports/${client.id}`);
    const summary = page
      .getByRole('region', { name: 'Your visits' })
      .getByRole('article', { name: 'IV therapy' })
      .first();
    await expect(summary).toContainText('Signed by Joseph Mathew');
    await expect(summary).toContainText('Volume infused was 480 mL; the bag was not finished.');
  });
});

test.describe('each therapy', () => {
  // Each test charts a client of its own as the same nurse, and none signs out: they run side by side on both
  // workers. This is the last file of the run, and they would otherwise run one after another on one worker.
  test.describe.configure({ mode: 'parallel' });

  for (const [index, therapy] of (['iv', 'hbot', 'pet', 'red_light', 'fir'] as const).entries()) {
    test(`${THERAPY_INFO[therapy].title}: filled in and signed`, async ({ page, request }) => {
      const client = CLIENTS[index]!;
      const example = exampleVisit(therapy, { clientId: client.id });
      // The tablet's clock, which charting an instant moves on (see enter).
      await page.clock.install();
      await signedIn(page, 'nurse@thrive.test');
      await page.goto(`/client/discovery/${client.id}`);
      await page.getByRole('button', { name: 'Start visit' }).click();
      await page.getByRole('menuitem', { name: THERAPY_INFO[therapy].name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(THERAPY_INFO[therapy].title);
      const visitId = page.url().split('/visit/')[1]!;
      await expect(page.getByRole('region', { name: 'Sign-off' })).toContainText('Before the visit can be signed');

      await answer(
        page.getByRole('region', { name: 'Consent' }),
        `The client consents to ${THERAPY_INFO[therapy].inSentence} today`,
        'Yes',
      );
      await answerScreen(page, therapy);
      await addVitals(page, 'Before', { Systolic: 120, Diastolic: 80, 'Heart rate': 72, SpO2: 98 });
      await fillTherapy(page, therapy, example[therapy] as Record<string, unknown>);
      await addVitals(page, 'After', { Systolic: 118, Diastolic: 78, 'Heart rate': 70 });
      if (therapy === 'red_light') await expect(page.getByTestId('derived-Dose')).toHaveText('30 J/cm²');
      await expect(page.getByRole('region', { name: 'Sign-off' })).not.toContainText('Before the visit can be signed');
      await sign(page);
      await expect(page.getByText(/^Signed by Nina Thomas on /)).toBeVisible({ timeout: 30_000 });
      const visit = await asSuper<Visit>(request, `/visits/${visitId}`);
      expect(visit).toMatchObject({ state: 'signed', therapy, client_id: client.id });
      expect(visit[therapy]).toMatchObject(
        Object.fromEntries(
          Object.entries(example[therapy] as Record<string, unknown>).filter(
            ([, value]) => !Array.isArray(value) && typeof value !== 'string',
          ),
        ),
      );
    });
  }
});
