import { account, expect, signUp, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the settings strip fits the screen and shows the active section', async ({ page }) => {
  test.slow(); // a sign-up and three page loads on a phone: slow on a busy machine
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  // A link to the last section (e.g. from a notification): its tab is in view, not scrolled away.
  await page.goto('/settings?section=password');
  const strip = page.getByRole('navigation', { name: 'Settings sections' });
  const active = strip.getByRole('button', { name: /^Password/ });
  await expect(active).toHaveAttribute('aria-current', 'page');
  await expect(active).toBeInViewport({ ratio: 1 });

  // The strip scrolls within the screen; the page itself does not scroll sideways.
  const box = await strip.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Another section linked to is brought into view too.
  await page.goto('/settings?section=subscription');
  await expect(strip.getByRole('button', { name: /Subscription/ })).toBeInViewport({ ratio: 1 });
});
