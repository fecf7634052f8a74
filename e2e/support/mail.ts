import { type FakeSmtp, startFakeSmtp } from '../../server/test/fakes/smtp/server';
import { test as base } from './fixtures';

/** The journeys' test with Relate sending its mail to a fake SMTP server living in the test process. */
export const testWithMail = base.extend<{ smtp: FakeSmtp }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form
  smtp: async ({}, use) => {
    const smtp = await startFakeSmtp();
    await use(smtp);
    await smtp.close();
  },
  relateEnv: async ({ smtp }, use) => use({ SMTP_URL: smtp.url }),
});
