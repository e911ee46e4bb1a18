/**
 * What the app and the API tell the browser about themselves: a strict
 * Content Security Policy that stops an injected inline script, no sniffing,
 * framing or referrer, no CORS for other origins, and no source maps.
 */
import { expect, test } from './fixtures';

// The tests are independent and sign nobody out: the two workers may share the file.
test.describe.configure({ mode: 'parallel' });

test('the app is served with its security headers, and an injected inline script does not run', async ({
  page,
  allowConsoleError,
}) => {
  const answer = await page.goto('/login');
  const headers = answer?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).toContain("base-uri 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');

  allowConsoleError(/Content Security Policy/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // An inline script added to the page: the policy refuses it (and says so with a violation event), so it never runs.
  const ran = await page.evaluate(() => {
    const seen = window as unknown as { injectedScriptRan?: boolean; violations?: object[] };
    seen.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const { effectiveDirective, blockedURI, disposition } = event;
      seen.violations?.push({ effectiveDirective, blockedURI, disposition });
    });
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.append(script);
    // An inline script that may run has run by now: it runs as it is added.
    return seen.injectedScriptRan === true;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { violations: object[] }).violations))
    .toEqual([{ effectiveDirective: 'script-src-elem', blockedURI: 'inline', disposition: 'enforce' }]);
});

test('the API is data only: no sniffing, no framing, no CORS for another origin', async ({ request }) => {
  const answer = await request.get('/api/v1/health', { headers: { Origin: 'https://evil.example' } });
  const headers = answer.headers();
  expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['access-control-allow-origin']).toBeUndefined();
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('the production build serves no source maps', async ({ page, request }) => {
  await page.goto('/login');
  const src = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(src).toMatch(/^\/assets\/[\w-]+\.js$/);
  // The script the page runs is there, and names no map for the browser to ask for.
  const script = await request.get(src!);
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(await script.text()).not.toMatch(/sourceMappingURL/);
  // Nor is one served beside it: the address answers what any unknown path does (the app's own page), not a map.
  const map = await request.get(`${src}.map`);
  expect(map.headers()['content-type']).not.toMatch(/json/);
  expect(await map.text()).not.toMatch(/"mappings"|"sourcesContent"/);
});
