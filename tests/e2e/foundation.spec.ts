import { generateClients } from '../../scripts/demo/clients.ts';
import { stableUuid } from '../../scripts/demo/stable-id.ts';
import { test, expect, signIn } from './fixtures.ts';

// No test here is about the service worker, and installing it in each fresh browser precaches every chunk.
test.use({ serviceWorkers: 'block' });

/**
 * Every ready demo account, with the name its own profile shows (from the demo
 * data, written out here) and where it lands after signing in (spec section 2:
 * staff on the hub, ADMIN on the backoffice, a client on their own home, behind
 * the HIPAA authorization until they have consented).
 */
const READY_ACCOUNTS = [
  { email: 'super@thrive.test', name: 'Sana Kapoor', lands: 'hub' },
  { email: 'admin@thrive.test', name: 'Arjun Mehta', lands: 'backoffice' },
  { email: 'nurse@thrive.test', name: 'Nina Thomas', lands: 'hub' },
  { email: 'reception@thrive.test', name: 'Ravi Iyer', lands: 'hub' },
  { email: 'doctor@thrive.test', name: 'Divya Rao', lands: 'hub' },
  { email: 'coach@thrive.test', name: 'Kabir Singh', lands: 'hub' },
  { email: 'nutrition@thrive.test', name: 'Meera Nair', lands: 'hub' },
  // Has not given HIPAA consent: the authorization stands before the portal (hipaa.spec.ts tests it through).
  { email: 'client@thrive.test', name: 'Priya Sharma', lands: 'client home', consented: false },
  { email: 'client2@thrive.test', name: 'Daniel Okafor', lands: 'client home' },
] as const;

test.describe('a ready demo account signs in, lands on its home and sees its own profile', () => {
  for (const account of READY_ACCOUNTS) {
    test(account.email, async ({ page }) => {
      await signIn(page, account.email);
      // Demo ids derive from the e-mail (scripts/demo/accounts.ts).
      const home =
        account.lands === 'client home'
          ? `/user/home/${stableUuid(`thrive-demo:${account.email}`)}`
          : `/${account.lands}`;
      await expect.poll(() => new URL(page.url()).pathname).toBe(home);
      if ('consented' in account && !account.consented) {
        // Nothing of the portal, not even the page around it, before the client answers the authorization.
        await expect(page.getByRole('dialog', { name: 'HIPAA authorization' })).toBeVisible();
        // The page behind is hidden from assistive technology, and holds no profile.
        await expect(page.getByRole('main')).toHaveCount(0);
        await expect(page.locator('main').getByText(account.name, { exact: true })).toHaveCount(0);
        return;
      }
      // The header names who is signed in, from their own profile (GET users/users/{own id}).
      const header = page.getByRole('banner');
      await expect(header.getByText(account.name, { exact: true })).toBeVisible();
      await expect(header.getByText(account.email, { exact: true })).toBeVisible();
      if (account.lands === 'client home') {
        // A client's home shows their own profile.
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { name: account.name })).toBeVisible();
        await expect(main.getByText(account.email, { exact: true })).toBeVisible();
      }
    });
  }
});

test('the sign-in page carries the tagline and no sign-up or reset links', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Please Sign In to Experience the Future of Healthcare')).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up|create account|forgot/i })).toHaveCount(0);
});

test('the sign-in page looks the same from its inlined rules alone as with the whole stylesheet', async ({ page }) => {
  // The whole stylesheet is held back: the page must paint complete from its document.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.css', async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for the load event, which waits for every stylesheet.
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const look = () =>
    page.locator('#root *').evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [
          element.tagName,
          style.color,
          style.backgroundColor,
          style.borderTopColor,
          style.boxShadow,
          style.fontSize,
          style.fontWeight,
          style.display,
          ...[box.x, box.y, box.width, box.height].map(Math.round),
        ].join(' ');
      }),
    );
  const fromDocument = await look();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // What the live app does when it starts: the whole stylesheet applies, before Mantine's theme in the cascade.
  release();
  await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][media="print"]');
    if (!link) throw new Error('no deferred stylesheet');
    link.media = 'all';
    // Fetched already (for print), or on its way: it applies once loaded.
    if (!link.sheet) await new Promise((resolve) => link.addEventListener('load', resolve, { once: true }));
  });
  expect(await look()).toEqual(fromDocument);
});

test('a wrong password shows an error and stays on sign-in', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 400/);
  await signIn(page, 'nurse@thrive.test', 'Not-the-password1!');
  await expect(page.getByRole('alert')).toContainText('Incorrect username or password.');
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown e-mail is told apart', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 400/);
  await signIn(page, 'nobody@thrive.test');
  await expect(page.getByRole('alert')).toContainText(
    'User not found. Please check your email address or contact support.',
  );
});

test('signing out returns to sign-in and the profile is gone', async ({ page }) => {
  // Signing out ends the user's sessions everywhere: an account no other spec uses.
  const client = generateClients(50)[1]!;
  await signIn(page, client.email);
  await expect(page.getByRole('heading', { name: `${client.firstName} ${client.lastName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(`${client.firstName} ${client.lastName}`)).toHaveCount(0);
});
