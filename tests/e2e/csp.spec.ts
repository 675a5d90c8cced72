import { expect, test } from './fixtures';
import { PHONE_ONLY, newTelegramId } from './helpers';
import type { Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';

/** Every CSP violation the page reports, from the console and from securitypolicyviolation events. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

const directive = (policy: string | undefined, name: string) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

test('the website runs under its Content-Security-Policy and may be framed only by itself', async ({ page }) => {
  const violations = watchCsp(page);
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toBeTruthy();
  expect(directive(headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self'");
  expect(directive(headers['content-security-policy'], 'script-src')).not.toContain("'unsafe-inline'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Its own pages may ask for the location («Рядом со мной»), nobody framed in them; the camera and the like stay off.
  expect(headers['permissions-policy']).toContain('geolocation=(self)');
  expect(headers['permissions-policy']).toContain('camera=()');
  await expect(page).toHaveTitle('ТОП | Кварта');
  // Pictures, lazy chunks and API calls of a few pages, then no violation may have been reported.
  await page.waitForLoadState('networkidle');
  await page.goto('/services');
  await page.waitForLoadState('networkidle');
  await page.goto('/dev/telegram');
  await expect(page.locator('#user-id')).not.toHaveValue('');
  expect(violations).toEqual([]);
});

test('the Mini App runs under its policy and may be framed only by web.telegram.org', PHONE_ONLY, async ({ page, baseURL }) => {
  const violations = watchCsp(page);
  await page.addInitScript(() => {
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent() {} };
  });
  const response = await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест' }));
  const headers = response!.headers();
  expect(directive(headers['content-security-policy'], 'frame-ancestors')).toBe('frame-ancestors https://web.telegram.org');
  expect(headers['x-frame-options']).toBeUndefined();
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page).toHaveTitle('ТОП | Кварта');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a browser refuses to frame the Mini App and the payment page outside their allowed parents', async ({ page }) => {
  await page.goto('/');
  const framed = async (src: string) =>
    page.evaluate(async (url) => {
      const frame = document.createElement('iframe');
      frame.src = url;
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await loaded;
      // A frame the browser refused shows its error page: no same-origin document to read.
      const title = frame.contentDocument?.title ?? null;
      frame.remove();
      return title;
    }, src);
  expect(await framed('/services')).toContain('Кварта');
  expect(await framed('/tma/')).toBeNull();
  expect(await framed('/dev/telegram/invoice/AAAAAAAAAAAAAAAA')).toBeNull();
});
