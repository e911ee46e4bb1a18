/**
 * The client's journey on a phone (390 px, by touch): Thrive onboarding
 * finished across a reload and an offline stretch, a Thrive check with its
 * score and history, a low score on the nurse's hub, the cognitive tasks run
 * by touch, and reports that show a signed visit and never a draft. axe on
 * every screen.
 *
 * Each test uses a generated demo client no other spec opens.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { exampleVisit } from '@contract';
import type { components } from '@contract';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { CLINIC_CONTACTS } from '../../scripts/demo/booking-catalog.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import {
  accessToken,
  expect,
  expectNoSeriousAxeViolation,
  OFFLINE_CONSOLE_ERRORS,
  signIn,
  test,
  unlockingOnLoad,
  waitForServiceWorker,
} from './fixtures.ts';

type Profile = components['schemas']['Profile'];
type AssessmentList = components['schemas']['AssessmentList'];
type AuditEventList = components['schemas']['AuditEventList'];
type VisitList = components['schemas']['VisitList'];

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
// The service worker only where a test is about working offline: installing it precaches every chunk again.
test.use({ serviceWorkers: 'block' });
// Sign-ins, a reload offline, and tasks that take their time (words shown for 20 seconds, eight reaction trials).
// Each test has a client of its own and signs nobody out: the two workers may share the file.
test.describe.configure({ mode: 'parallel', timeout: 150_000 });

const clients = generateClients(50);
const ONBOARDING_CLIENT = clients[20]!;
const CHECK_CLIENT = clients[22]!;
const TASKS_CLIENT = clients[23]!;
const CLIENT2 = demoAccount('client2@thrive.test');
const nameOf = (client: { firstName: string; lastName: string }) => `${client.firstName} ${client.lastName}`;

async function apiGet<T>(request: APIRequestContext, path: string, as = 'super@thrive.test'): Promise<T> {
  const answer = await request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${await accessToken(as)}` } });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

async function signedInAsClient(page: Page, client: { email: string; id: string }): Promise<void> {
  await signIn(page, client.email);
  await expect(page).toHaveURL(new RegExp(`/user/home/${client.id}$`));
}

const syncLine = (page: Page) => page.getByRole('button', { name: /Show unsent changes$/ });
const stepHeading = (page: Page) =>
  page.getByRole('region', { name: /^(Your health goals|Your story|How you live|Your family’s health)$/ });

/** Taps one answer card of a question (a radio group named by its question). */
async function choose(page: Page, question: string | RegExp, answer: string): Promise<void> {
  await page
    .getByRole('radiogroup', { name: question, exact: true })
    .getByRole('radio', { name: answer, exact: true })
    .tap();
}

/** The client's successful profile changes, as the audit trail records them. */
async function profileUpdates(request: APIRequestContext, id: string) {
  const trail = await apiGet<AuditEventList>(request, `/users/audit-events?subject_id=${id}&action=profiles.update`);
  return trail.results.filter((event) => event.outcome === 'success');
}

test.describe('installed on the phone', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a client finishes onboarding across a reload and an offline stretch; every answer reaches the profile once', async ({
    page,
    context,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_CONSOLE_ERRORS);
    const client = ONBOARDING_CLIENT;
    await signedInAsClient(page, client);
    const todo = page.getByRole('list', { name: 'Your to-do list' });
    await expect(todo.getByRole('link', { name: 'Finish your Thrive onboarding' })).toBeVisible();
    await expectNoSeriousAxeViolation(page);
    await todo.getByRole('link', { name: 'Finish your Thrive onboarding' }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thrive onboarding');
    await waitForServiceWorker(page);
    await expect(page.getByText('0 of 4 steps done')).toBeVisible();
    await expectNoSeriousAxeViolation(page);

    // Offline from here: each step is kept on the phone, marked, and the progress counts it.
    await context.setOffline(true);
    await page
      .getByRole('textbox', { name: 'Your health goals' })
      .fill('Sleep through the night and have energy after work.');
    await page.getByRole('button', { name: 'Save and continue' }).tap();
    await expect(stepHeading(page)).toHaveAccessibleName('Your story');
    await expect(page.getByText('1 of 4 steps done')).toBeVisible();
    await page.getByRole('textbox', { name: 'Your story' }).fill('Desk job, two children, long commute.');
    await page.getByRole('button', { name: 'Save and continue' }).tap();
    await expect(stepHeading(page)).toHaveAccessibleName('How you live');
    await expect(page.getByText('2 of 4 steps done')).toBeVisible();
    await expect(page.getByText('Not yet on the server').first()).toBeVisible();

    // A reload, still offline: onboarding resumes at the first step not done, with both answers.
    await page.reload();
    await expect(stepHeading(page)).toHaveAccessibleName('How you live');
    await expect(page.getByText('2 of 4 steps done')).toBeVisible();
    await expect(syncLine(page)).toHaveAccessibleName(/^2 changes saved on this device/);

    // Step 3: a missing answer is named, then every topic answered.
    await page.getByLabel('Hours of sleep on a usual night').fill('6.5');
    await page.getByRole('button', { name: 'Save and continue' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: '7 answers are still open' })).toBeVisible();
    await choose(page, 'How well do you sleep?', 'Poorly');
    await choose(page, 'How active is a usual week?', 'Light (walks, chores)');
    await choose(page, 'How do you eat?', 'Vegetarian');
    await choose(page, 'Alcohol', 'Now and then');
    await choose(page, 'Tobacco', 'Never');
    await choose(page, 'Stress these days', 'High');
    await choose(page, 'Diabetes', 'Yes, type 2');
    await page.getByRole('button', { name: 'Save and continue' }).tap();

    // Step 4: a relative and their conditions.
    await expect(stepHeading(page)).toHaveAccessibleName('Your family’s health');
    await page.getByRole('button', { name: 'Save and finish' }).tap();
    await expect(page.getByRole('alert')).toContainText('Add a relative, or tick that you know of no conditions');
    await page.getByRole('button', { name: 'Add a relative' }).tap();
    const relative = page.getByRole('group', { name: /relative 1$/ });
    await relative.getByRole('combobox', { name: 'Who' }).selectOption('father');
    await relative.getByRole('checkbox', { name: 'Diabetes' }).tap();
    await relative.getByRole('checkbox', { name: 'Heart disease' }).tap();
    await relative.getByRole('textbox', { name: 'Note' }).fill('from 55');
    await page.getByRole('button', { name: 'Save and finish' }).tap();
    await expect(page.getByRole('heading', { name: 'You have finished your Thrive onboarding' })).toBeVisible();
    await expect(page.getByText('4 of 4 steps done')).toBeVisible();
    await expect(page.getByText('Father: Diabetes, Heart disease (from 55)')).toBeVisible();
    await expect(syncLine(page)).toHaveAccessibleName(/^4 changes saved on this device/);
    await expectNoSeriousAxeViolation(page);

    // Back online: the four steps reach the server in order, each once.
    await context.setOffline(false);
    await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes', { timeout: 30_000 });
    const profile = await apiGet<Profile>(request, `/users/user-profiles/${client.id}`);
    expect(profile).toMatchObject({
      health_goals: 'Sleep through the night and have energy after work.',
      client_story: 'Desk job, two children, long commute.',
      lifestyle_history: {
        sleep_hours: 6.5,
        sleep_quality: 'poor',
        activity: 'light',
        diet: 'vegetarian',
        alcohol: 'occasional',
        tobacco: 'never',
        stress: 'high',
        diabetes: 'type_2',
      },
      family_history: {
        relatives: [{ relative: 'father', conditions: ['diabetes', 'heart_disease'], notes: 'from 55' }],
      },
    });
    const updates = await profileUpdates(request, client.id);
    expect(updates.map((event) => event.fields).reverse()).toEqual([
      ['health_goals'],
      ['client_story'],
      ['lifestyle_history'],
      ['family_history'],
    ]);
    expect(new Set(updates.map((event) => event.actor_id))).toEqual(new Set([client.id]));

    // Home no longer asks for it.
    await page.getByRole('link', { name: 'Back to home' }).tap();
    await expect(todo.getByRole('link', { name: 'Take your Thrive check' })).toBeVisible();
    await expect(todo.getByRole('link', { name: 'Finish your Thrive onboarding' })).toHaveCount(0);
  });
});

/** Answers the five statements, one answer each, in order. */
async function answerWho5(page: Page, answers: readonly string[]): Promise<void> {
  const statements = [
    'I have felt cheerful and in good spirits',
    'I have felt calm and relaxed',
    'I have felt active and vigorous',
    'I woke up feeling fresh and rested',
    'My daily life has been filled with things that interest me',
  ];
  for (const [index, statement] of statements.entries()) {
    await choose(page, `${index + 1}. ${statement}`, answers[index]!);
  }
}

test('a client takes the Thrive check twice and sees the score, its meaning, the change and the history; the low one shows on the nurse’s hub', async ({
  page,
  browser,
  request,
}) => {
  const client = CHECK_CLIENT;
  await signedInAsClient(page, client);
  await page.goto(`/user/thrive-check/${client.id}`);
  await expect(page.getByText('No Thrive checks yet.')).toBeVisible();
  await expect(page.getByText(/WHO-5 Well-Being Index © Psychiatric Research Unit/)).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  // A statement left open is named.
  await page.getByRole('button', { name: 'See my score' }).tap();
  await expect(page.getByText('Choose an answer for statement 1')).toBeVisible();

  await answerWho5(page, Array(5).fill('More than half of the time'));
  await page.getByRole('button', { name: 'See my score' }).tap();
  const latest = page.getByRole('region', { name: 'Your latest Thrive check' });
  await expect(latest.getByLabel('Score 60 out of 100')).toBeVisible();
  await expect(latest).toContainText('Good wellbeing');
  await expect(latest).toContainText('This is your first Thrive check');

  await page.getByRole('button', { name: 'Take it again now' }).tap();
  await answerWho5(page, [
    'Some of the time',
    'Some of the time',
    'At no time',
    'Some of the time',
    'Some of the time',
  ]);
  await page.getByRole('button', { name: 'See my score' }).tap();
  await expect(latest.getByLabel('Score 16 out of 100')).toBeVisible();
  await expect(latest).toContainText('Very low wellbeing');
  await expect(latest.getByRole('note')).toContainText('Down 44 points');
  // The crisis path reaches the client's own clinic: its phone, and the local emergency number, never a mailbox.
  const talk = page.getByRole('region', { name: 'Talk to us' });
  const bengaluru = CLINIC_CONTACTS['Thrive Bengaluru']!;
  await expect(talk.getByTestId('crisis-line')).toHaveText(
    `If you feel you might harm yourself, or you are in danger now, call the emergency number ${bengaluru.emergencyNumber} now.`,
  );
  await expect(talk.getByRole('link', { name: bengaluru.phone })).toHaveAttribute('href', `tel:${bengaluru.phone}`);
  await expect(talk).not.toContainText('super@thrive.test');
  await expect(latest).not.toContainText(/depress|diagnos/i);
  const history = page.getByRole('region', { name: 'Your Thrive checks over time' });
  await expect(history.getByRole('img', { name: 'Thrive check scores over time, 0 to 100' })).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('16');
  await expect(history.getByRole('row').nth(1)).toContainText('-44');
  await expectNoSeriousAxeViolation(page);

  // The server scored both the same way.
  await expect
    .poll(async () => {
      const list = await apiGet<AssessmentList>(request, `/assessments?client=${client.id}&type=who5`);
      return list.results.map((result) => [result.score, result.alert]);
    })
    .toEqual([
      [16, true],
      [60, false],
    ]);

  // The nurse's hub lists the client under Needs attention.
  const nurseContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  try {
    const nurse = unlockingOnLoad(await nurseContext.newPage());
    await signIn(nurse, 'nurse@thrive.test');
    await expect(nurse).toHaveURL(/\/hub$/);
    const attention = nurse.getByRole('list', { name: 'Clients needing attention' });
    await expect(attention.getByRole('listitem').filter({ hasText: nameOf(client) })).toContainText('16 / 100');
    await expectNoSeriousAxeViolation(nurse);
    await attention.getByRole('link', { name: nameOf(client) }).tap();
    await expect(nurse.getByRole('heading', { level: 1 })).toHaveText(nameOf(client));
    await expect(nurse.getByRole('region', { name: 'Thrive check and cognitive baseline' })).toContainText(
      'Needs attention',
    );
    // The alert is at the top of the client's page; the nurse calls the client and records it.
    const alerts = nurse.getByRole('region', { name: 'Alerts' });
    await expect(alerts).toContainText('Very low Thrive check');
    await expect(alerts).toContainText('Nobody has reached the client about it yet.');
    await alerts.getByRole('button', { name: 'Record contact' }).tap();
    const contact = nurse.getByRole('dialog', { name: `Contact with ${nameOf(client)}` });
    await expect(contact.getByRole('radio', { name: 'Reached: we spoke' })).toBeChecked();
    await contact.getByLabel('Note').fill('Talked it through; booked a call with the doctor tomorrow.');
    await contact.getByRole('button', { name: 'Record contact' }).tap();
    await expect(alerts).toContainText('Reached by Nina Thomas', { timeout: 20_000 });
    // Off the hub's 'Needs attention'; kept in the client's record.
    await nurse.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Hub' }).tap();
    await expect(nurse).toHaveURL(/\/hub$/);
    await expect(nurse.getByRole('region', { name: 'Needs attention' })).not.toContainText(nameOf(client));
    await expect
      .poll(async () => {
        const list = await apiGet<AssessmentList>(request, `/assessments?client=${client.id}&type=who5`);
        return list.results[0]?.contacts?.map((item) => [item.outcome, item.method]);
      })
      .toEqual([['reached', 'phone']]);
  } finally {
    await nurseContext.close();
  }
});

/**
 * Moves the page's clock on, a step at a time, until `until` says the timed part is over: the tasks' waits (words
 * and digits shown one by one, the wait for green, the pause after each trial) pass at once, in their order.
 */
async function passTimeUntil(page: Page, until: () => Promise<boolean>, stepMs: number): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await until()) return true;
        await page.clock.fastForward(stepMs);
        return until();
      },
      { intervals: [50], timeout: 30_000 },
    )
    .toBe(true);
}

/** Answers the open digit-span sequences with a wrong answer until the part is over. */
async function missEveryDigitSpan(page: Page, part: string): Promise<void> {
  const heading = page.getByRole('heading', { name: part });
  const input = page.getByRole('textbox', { name: /^Type the numbers/ });
  for (;;) {
    // The digits show one at a time; then the question, or (after the last sequence) the part is over.
    await passTimeUntil(page, async () => (await input.isVisible()) || !(await heading.isVisible()), 500);
    if (!(await input.isVisible())) return;
    await input.fill('0');
    await page.getByRole('button', { name: 'Done' }).tap();
  }
}

test('the cognitive tasks run by touch, and the first complete run becomes the baseline', async ({ page, request }) => {
  const client = TASKS_CLIENT;
  // The tasks' own clock, moved on by the test: their timed parts pass at once, and a reaction takes what it says.
  await page.clock.install();
  await signedInAsClient(page, client);
  await page.goto(`/user/cognitive-assessment/${client.id}`);
  await expect(page.getByText('Not a diagnosis', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('button', { name: 'Start my baseline' }).tap();

  // Words: shown one at a time, then recalled.
  await page.getByRole('button', { name: 'Show the words' }).tap();
  await expect(page.getByTestId('word-shown')).toHaveText('harbor');
  await expectNoSeriousAxeViolation(page);
  const recall = page.getByRole('textbox', { name: 'Type the words you remember' });
  await passTimeUntil(page, () => recall.isVisible(), 500);
  await recall.fill('harbor, candle lemon');
  await page.getByRole('button', { name: 'Done' }).tap();

  // Digits, both ways (answered wrong, so each ends after its first length).
  await page.getByRole('button', { name: 'Start', exact: true }).tap();
  await missEveryDigitSpan(page, 'Numbers, same order');
  await page.getByRole('button', { name: 'Start', exact: true }).tap();
  await missEveryDigitSpan(page, 'Numbers, reverse order');

  // Trails: a wrong tap is counted and said, then the targets in order.
  await page.getByRole('button', { name: 'Start', exact: true }).tap();
  await page.getByRole('button', { name: '2', exact: true }).tap();
  await expect(page.getByText('Not 2. Look for what comes after the start.')).toBeVisible();
  for (const target of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']) {
    const button = page.getByRole('button', { name: target, exact: true });
    const box = await button.boundingBox();
    expect(box?.width, 'a large target').toBeGreaterThanOrEqual(44);
    await button.tap();
  }
  await page.getByRole('button', { name: 'Start', exact: true }).tap();
  await expectNoSeriousAxeViolation(page);
  for (const target of ['1', 'A', '2', 'B', '3', 'C', '4', 'D', '5', 'E', '6', 'F']) {
    await page.getByRole('button', { name: target, exact: true }).tap();
  }

  // Reaction: tap when the box turns green, until the part is over.
  await page.getByRole('button', { name: 'Start', exact: true }).tap();
  // A beat after each green, as a person reacts: a tap within 100 ms would count as a guess.
  const reactionPart = page.getByRole('heading', { name: 'Reaction', exact: true });
  const go = page.getByRole('button', { name: 'Tap now' });
  for (;;) {
    // Steps well under the 2 s a green waits for its tap, so a green is never passed by.
    await passTimeUntil(page, async () => (await go.isVisible()) || !(await reactionPart.isVisible()), 250);
    if (!(await reactionPart.isVisible())) break;
    await page.clock.fastForward(150);
    await go.tap();
  }

  // The words again, and the run is stored: complete, so it is the baseline.
  const delayed = page.getByRole('textbox', { name: 'Type the words from the start that you still remember' });
  await delayed.fill('harbor');
  await page.getByRole('button', { name: 'Done' }).tap();
  const results = page.getByRole('region', { name: 'Your latest results' });
  await expect(results).toContainText('This is your baseline');
  await expect(results).toContainText('Words remembered at once');
  await expect(results).toContainText('3 of 10');
  await expectNoSeriousAxeViolation(page);
  await expect
    .poll(async () => {
      const list = await apiGet<AssessmentList>(request, `/assessments?client=${client.id}&type=cognitive`);
      return list.results.map((run) => ({
        complete: run.complete,
        baseline: run.baseline,
        words: run.cognitive_scores?.words_immediate,
        delayed: run.cognitive_scores?.words_delayed,
        trailsAErrors: run.cognitive_scores?.trails_a_errors,
        reaction: (run.cognitive_scores?.reaction_median_ms ?? 0) > 0,
      }));
    })
    .toEqual([{ complete: true, baseline: true, words: 3, delayed: 1, trailsAErrors: 1, reaction: true }]);
});

test('reports show a signed visit and never a draft, and print without the app around them', async ({
  page,
  request,
}) => {
  // A draft charted for client2 right now: the clinic's work in progress, never the client's to see.
  const draftId = randomUUID();
  const nurseToken = await accessToken('nurse@thrive.test');
  const created = await request.put(`/api/v1/visits/${draftId}`, {
    headers: { Authorization: `Bearer ${nurseToken}` },
    data: exampleVisit('fir', { clientId: CLIENT2.id }),
  });
  expect(created.status()).toBe(201);
  const own = await apiGet<VisitList>(request, `/visits?client=${CLIENT2.id}`, 'client2@thrive.test');
  expect(own.results.map((visit) => visit.id)).not.toContain(draftId);
  expect(own.results.every((visit) => visit.state === 'signed')).toBe(true);

  await signedInAsClient(page, CLIENT2);
  await page.getByRole('link', { name: 'Reports', exact: true }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  const visits = page.getByRole('region', { name: 'Your visits' });
  // client2 has IV sessions in the demo week as well as the featured one: the signed summaries are there.
  const iv = visits.getByRole('article', { name: 'IV therapy' }).filter({ hasText: 'Signed by Nina Thomas' }).first();
  await expect(iv).toBeVisible();
  await expect(iv).toContainText('Vitals before');
  // The draft is not among them: as many sauna summaries as client2 has signed sauna visits.
  const signedSaunas = own.results.filter((visit) => visit.therapy === 'fir').length;
  await expect(visits.getByRole('article', { name: 'FIR sauna' })).toHaveCount(signedSaunas);
  await expect(page.getByRole('region', { name: 'Thrive check', exact: true })).toContainText('80');
  await expect(page.getByRole('region', { name: 'Cognitive results', exact: true })).toContainText(
    'This is your baseline',
  );
  await expectNoSeriousAxeViolation(page);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(iv).toBeVisible();

  // One kind over the last three months: client2's Thrive checks of 29, 56 and 84 days ago, not the older two.
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Thrive check' });
  await expect(page).toHaveURL(/kind=wellbeing/);
  await expect(visits).toBeHidden();
  const checks = page.getByRole('table', { name: 'Thrive check scores' }).getByRole('row');
  await expect(checks.filter({ hasText: '80' }).first()).toBeVisible();
  const allTime = await checks.count();
  await page.getByText('3 months', { exact: true }).click();
  await expect(page).toHaveURL(/period=3m/);
  await expect(checks).toHaveCount(allTime - 2);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('wellbeing');
  await expect(checks).toHaveCount(allTime - 2);
});
