import { type RunningFakeGoogle, startFakeGoogle } from '../../server/test/fakes/google/server';
import { test as base } from '../support/fixtures';

/** `google`: a fake Google for each test, and a Relate wired to it. */
export const test = base.extend<{ google: RunningFakeGoogle }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form
  google: async ({}, use) => {
    const google = await startFakeGoogle();
    await use(google);
    await google.close();
  },
  relateEnv: async ({ google }, use) => use(google.env),
});

export { expect } from '../support/fixtures';
