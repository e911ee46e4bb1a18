/**
 * What the app and the API tell the browser about themselves: a strict
 * Content Security Policy that stops an injected inline script, no sniffing,
 * framing or referrer, no CORS for other origins, and no source maps.
 */
import { expect, test } from './fixtures';

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
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan === true;
  });
  expect(ran).toBe(false);
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
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toBeTruthy();
  const map = await request.get(`${script}.map`);
  expect(await map.text()).not.toContain('"sourcesContent"');
});
