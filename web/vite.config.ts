import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../scripts/precompress.mjs';

/** Brotli and gzip copies of the built assets, served as they are by the server (preCompressed). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'relate-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/**
 * React Router 7's package exports resolve to its development build in every mode
 * (remix-run/react-router#14102): the build takes the production one, the same code without the dev-only
 * warnings. The dev server keeps the warnings.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself (Chrome 66, Firefox 115, Safari 17): no
    // polyfill in the entry (about 0.5 kB of /contacts' first load).
    modulePreload: { polyfill: false },
    // No source maps in the served build (WEB_SOURCEMAP=1 writes them, to see what a chunk holds); the
    // manifest feeds scripts/web-budget.mjs.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page needs, in a chunk that stays cached across releases of the app's code.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
}));
