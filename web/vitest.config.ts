import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // The app's toasts are sonner's own here, called at once: tests mock or read sonner's `toast`, with
      // no lazy Toaster to wait for (lib/toast.ts, tested on its own, keeps sonner out of the first load).
      { find: /^@\/lib\/toast$/, replacement: 'sonner' },
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Component tests render real dialogs; on a shared, busy machine 5 s is too tight.
    testTimeout: 20_000,
  },
});
