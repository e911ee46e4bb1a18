/**
 * Lab results and advice as people use them. A client who had a Fasting blood
 * panel yesterday (the demo's LAB_CLIENT) sees "Result pending"; a doctor
 * imports the lab's FHIR report (a bad one is refused entry by entry, nothing
 * stored) and attaches the lab's own PDF (a file that is not one is refused),
 * and the client still sees nothing until the doctor releases it; then the
 * client reads the values against their ranges with a trend, downloads the
 * lab's PDF, and the risk calculator is prefilled from them. A coach writes advice offline; it
 * arrives once, and the client acknowledges it and ticks a step off.
 *
 * Accounts no other spec signs out: doctor3@, coach@, and client-0029@.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { generateClients } from '../../scripts/demo/clients.ts';
import { minimalPdf } from '../../scripts/demo/report-pdf.ts';
import { LAB_CLIENT } from '../../scripts/demo/results.ts';
import { OFFLINE_CONSOLE_ERRORS, expect, signIn, test, unlockingOnLoad } from './fixtures.ts';

const client = generateClients(50)[LAB_CLIENT]!;
const clientName = `${client.firstName} ${client.lastName}`;
const reports = `/user/reports/${client.id}`;
const discovery = `/client/discovery/${client.id}`;

function observation(code: string, value: number, unit = 'mg/dL') {
  return {
    resource: {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code }] },
      valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
    },
  };
}

/** The lab's report of yesterday's sample, as its system exports it. */
function labReport(family: string, observations: ReturnType<typeof observation>[]) {
  const taken = new Date(Date.now() - 24 * 3_600_000).toISOString();
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        resource: {
          resourceType: 'DiagnosticReport',
          id: `apex-${Date.now()}`,
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '24331-1' }] },
          effectiveDateTime: taken,
          issued: new Date().toISOString(),
          performer: [{ display: 'Apex Diagnostics' }],
        },
      },
      { resource: { resourceType: 'Patient', name: [{ family }], birthDate: client.dateOfBirth } },
      ...observations,
    ],
  };
}

async function signedIn(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
}

/** A second person at their own device. */
async function otherDevice(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = unlockingOnLoad(await context.newPage());
  await signedIn(page, email);
  return { context, page };
}

/** Chooses a file in the dialog's file field, as a person does: the button opens the chooser. */
async function chooseFile(page: Page, dialog: Locator, name: string, content: unknown): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Report file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });
  await expect(dialog.getByRole('button', { name: 'Report file' })).toContainText(name);
}

/** Chooses a file with the result card's attach control, as a person does. */
async function attachFile(page: Page, card: Locator, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: /^(Attach|Replace) the lab’s report \(PDF\)/ }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer });
}

const syncLine = (page: Page) => page.getByRole('button', { name: /Show unsent changes$/ });

test('a lab report is imported, released by a doctor, read by the client and taken by the risk calculator', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  // Three people and a reload of each screen: longer than one person's test.
  test.setTimeout(180_000);
  // The refused import answers 400, which the browser logs.
  allowConsoleError(/status of 400/);
  const portal = await otherDevice(browser, client.email);
  try {
    await portal.page.goto(reports);
    const labs = portal.page.getByRole('region', { name: 'Lab results' });
    await expect(labs.getByText('Fasting blood panel').first()).toBeVisible();
    await expect(labs).toContainText('Result pending');

    await signedIn(page, 'doctor3@thrive.test');
    await page.goto(discovery);
    const panel = page.getByRole('region', { name: 'Lab results' });
    await panel
      .getByRole('button', { name: /^Import the report of Fasting blood panel/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Import a lab report for ${clientName}` });

    // A report for someone else, with a code Thrive does not record: refused, entry by entry.
    const wrong = labReport('Someone-Else', [observation('2093-3', 226), observation('2345-7', 5.6, 'mmol/L')]);
    await chooseFile(page, dialog, 'wrong.json', wrong);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const refusal = dialog.getByRole('alert');
    // The API compiles the FHIR R4 schema's definitions at its first import: a second or more on a busy machine.
    await expect(refusal).toContainText('The report was not imported', { timeout: 30_000 });
    await expect(refusal).toContainText('entry 2: name');
    await expect(refusal).toContainText('entry 4: code: LOINC 2345-7 is not a code Thrive records.');

    const right = labReport(client.lastName, [
      observation('2093-3', 226),
      observation('2085-9', 44),
      observation('13457-7', 142),
      observation('2571-8', 172),
    ]);
    await chooseFile(page, dialog, 'report.json', right);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    const imported = panel.getByRole('article').filter({ hasText: '226 mg/dL' });
    await expect(imported).toContainText('Awaiting a doctor’s review');

    // The lab's own PDF beside the values: a file named .pdf that is not one is refused before it is sent.
    await attachFile(page, imported, 'apex-report.pdf', Buffer.from('Total cholesterol 226 mg/dL'));
    await expect(imported).toContainText('“apex-report.pdf” is not a PDF.');
    const pdf = minimalPdf(['Apex Diagnostics: laboratory report', `Patient: ${clientName}`, 'Total cholesterol 226']);
    await attachFile(page, imported, 'apex-report.pdf', pdf);
    await expect(page.getByRole('alert').filter({ hasText: 'Report attached' })).toBeVisible();
    await expect(
      imported.getByRole('button', { name: /^Original report \(PDF\) of Fasting blood panel/ }),
    ).toBeVisible();
    await expect(imported.getByRole('button', { name: /^Replace the lab’s report \(PDF\)/ })).toBeVisible();

    // Not released: the client still reads "Result pending", and no value.
    await portal.page.reload();
    await expect(labs).toContainText('Result pending');
    await expect(labs).not.toContainText('226 mg/dL');

    await imported.getByRole('button', { name: 'Review and release' }).click();
    const release = page.getByRole('dialog', { name: `Release to ${clientName}` });
    await release.getByLabel('Note to the client (optional)').fill('A little better than last time: keep going.');
    await release.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(imported).toContainText('Released');
    await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');

    // The client reads each value against its range, in plain words, with the doctor's note and the trend.
    await portal.page.reload();
    const total = labs.getByRole('listitem').filter({ hasText: 'Total cholesterol' }).first();
    await expect(total).toContainText('226 mg/dL');
    await expect(total).toContainText('Above the range (199 mg/dL or less)');
    await expect(labs).toContainText('A little better than last time: keep going.');
    await expect(labs.getByRole('img', { name: 'Total cholesterol over time' })).toBeVisible();
    const panelCard = labs.getByRole('article', { name: 'Fasting blood panel', exact: true });
    await expect(panelCard).toContainText('226 mg/dL');

    // The lab's own report, downloaded through the API as the file it is.
    const downloading = portal.page.waitForEvent('download');
    await panelCard.getByRole('button', { name: /^Original report \(PDF\) of Fasting blood panel/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^lab-report-fasting-blood-panel-\d{4}-\d{2}-\d{2}\.pdf$/);
    const saved = await readFile(await download.path());
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(saved.equals(pdf)).toBe(true);

    // The calculator takes total and HDL cholesterol from it, and says so.
    await page.goto(`/client/${client.id}/details`);
    const calculator = page.getByRole('region', { name: 'Cardiovascular risk' });
    await expect(calculator.getByRole('note')).toContainText('Total and HDL cholesterol from the Fasting blood panel');
    await expect(calculator.getByLabel('Total cholesterol (mg/dL)')).toHaveValue('226');
    await expect(calculator.getByLabel('HDL cholesterol (mg/dL)')).toHaveValue('44');
  } finally {
    await portal.context.close();
  }
});

test('advice written offline by a coach arrives once, and the client acknowledges it and ticks a step off', async ({
  page,
  context,
  browser,
  allowConsoleError,
}) => {
  // Two people, each signing in and unlocking, and a reload of the coach's screen: as long as the import's test.
  test.setTimeout(180_000);
  // Offline, the app's prefetch of other screens fails, which the browser logs.
  allowConsoleError(OFFLINE_CONSOLE_ERRORS);
  const title = `Ten minutes of stretching before bed (${Date.now()})`;
  await signedIn(page, 'coach@thrive.test');
  await page.goto(discovery);
  const advice = page.getByRole('region', { name: 'Advice' });
  await expect(advice.getByRole('button', { name: 'Write advice' })).toBeVisible();

  await context.setOffline(true);
  await advice.getByRole('button', { name: 'Write advice' }).click();
  const dialog = page.getByRole('dialog', { name: `Advice for ${clientName}` });
  await dialog.getByLabel('Area').selectOption('sleep');
  await dialog.getByLabel('What to do').fill(title);
  await dialog.getByLabel('Why').fill('Stretching calms the body and helps you fall asleep sooner.');
  await dialog.getByLabel('Step 1', { exact: true }).fill('Hamstrings');
  await dialog.getByRole('button', { name: 'Add a step' }).click();
  await dialog.getByLabel('Step 2', { exact: true }).fill('Shoulders');
  await dialog.getByRole('button', { name: 'Give the advice' }).click();
  const written = advice.getByRole('article', { name: title });
  await expect(written).toContainText('Not yet on the server');
  await expect(syncLine(page)).toHaveAccessibleName(
    '1 change saved on this device, waiting for the network. Show unsent changes',
  );
  await context.setOffline(false);
  await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes', { timeout: 20_000 });

  const portal = await otherDevice(browser, client.email);
  try {
    await portal.page.goto(reports);
    const mine = portal.page.getByRole('region', { name: 'Advice from your care team' }).getByRole('article', {
      name: title,
    });
    await expect(mine).toHaveCount(1);
    await mine.getByRole('button', { name: 'I have read this' }).click();
    // The tick shows once the outbox has sealed the change on the device (a moment, asynchronously).
    await mine.getByRole('checkbox', { name: 'Hamstrings' }).click();
    await expect(mine.getByRole('checkbox', { name: 'Hamstrings' })).toBeChecked();
    await expect(mine).toContainText('Acknowledged');
    await expect(syncLine(portal.page)).toHaveAccessibleName('All changes saved. Show unsent changes', {
      timeout: 20_000,
    });
  } finally {
    await portal.context.close();
  }

  await page.reload();
  await expect(written).toContainText('Read by the client');
  await expect(written).toContainText('1 step of 2 done');
});
