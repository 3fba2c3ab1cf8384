/// <reference types="vitest/config" />

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createFontStack } from '@capsizecss/core';
import { entireMetricsCollection as fonts } from '@capsizecss/metrics/entireMetricsCollection';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { earlyData } from './scripts/lib/vite-early-data.ts';
import LongestFirst from './tests/support/sequencer.ts';

// Lingui macros need Babel; only files that import a Lingui macro pay for it.
const linguiMacros = defineRolldownBabelPreset({
  preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});

/**
 * Writes `.vite/chunk-modules.json` beside the manifest: the source modules bundled into each chunk,
 * so `npm run size` can tell what a route really loads (the manifest names only each chunk's entry).
 */
function chunkModules(): Plugin {
  const root = fileURLToPath(new URL('./', import.meta.url));
  return {
    name: 'kfu:chunk-modules',
    apply: 'build',
    generateBundle(_, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        // Modules whose code was all shaken out are not loaded.
        modules[chunk.fileName] = Object.entries(chunk.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => (id.startsWith(root) ? id.slice(root.length) : id));
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(modules, null, 1),
      });
    },
  };
}

const WEB_FONT_ID = 'virtual:web-font.css';
const WEB_FONT_PACKAGE = '@fontsource/ibm-plex-sans-arabic';

/**
 * `virtual:web-font.css`: IBM Plex Sans Arabic's Arabic and Latin subsets in the weights the product
 * uses (400, 600, 700), WOFF2 only, each face with its subset's unicode-range (read from the
 * package's own stylesheet), so a page downloads only the subsets of the characters it shows. The
 * package's per-subset stylesheets have no unicode-range, and its per-weight ones also carry
 * subsets the product never shows. `font-display: optional`: text is never redrawn in another font
 * once shown (a heading that wraps differently would move the page); the early-data script
 * preloads the files of the page's language, so the font is there by the first render.
 */
function webFont(): Plugin {
  const root = fileURLToPath(new URL('./', import.meta.url));
  const subsets = ['arabic', 'latin'] as const;
  const weights = [400, 600, 700] as const;
  const css = () => {
    const sheet = readFileSync(`${root}node_modules/${WEB_FONT_PACKAGE}/400.css`, 'utf8');
    const ranges = Object.fromEntries(
      subsets.map((subset) => {
        const face = new RegExp(
          `/\\* ibm-plex-sans-arabic-${subset}-400-normal \\*/[^}]*unicode-range:\\s*([^;]+);`,
        );
        const range = face.exec(sheet)?.[1];
        if (!range) throw new Error(`${WEB_FONT_PACKAGE}: no unicode-range for the ${subset} subset`);
        return [subset, range];
      }),
    );
    return weights
      .flatMap((weight) =>
        subsets.map(
          (subset) =>
            `@font-face{font-family:'IBM Plex Sans Arabic';font-style:normal;font-display:optional;font-weight:${weight};` +
            `src:url(/node_modules/${WEB_FONT_PACKAGE}/files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2) format('woff2');` +
            `unicode-range:${ranges[subset]};}`,
        ),
      )
      .join('\n');
  };
  return {
    name: 'kfu:web-font',
    resolveId: (id) => (id === WEB_FONT_ID ? `\0${WEB_FONT_ID}` : undefined),
    load: (id) => (id === `\0${WEB_FONT_ID}` ? css() : undefined),
  };
}

const FONT_FALLBACKS_ID = 'virtual:font-fallbacks.css';

/**
 * `virtual:font-fallbacks.css`: local fallback faces for IBM Plex Sans Arabic whose size and line
 * metrics (size-adjust, ascent/descent/line-gap overrides, from Capsize's metrics) match it, so the
 * text does not move when the web font swaps in. One face per common system font (Windows and macOS
 * Arial, Android Roboto, Linux Noto, and the Noto Arabic faces for Arabic text); `--font-sans` in
 * `src/styles.css` lists them in this order.
 */
function fontFallbacks(): Plugin {
  const { fontFaces } = createFontStack([
    fonts.iBMPlexSansArabic,
    fonts.arial,
    fonts.roboto,
    fonts.notoSans,
    fonts.notoSansArabic,
    fonts.notoNaskhArabic,
  ]);
  return {
    name: 'kfu:font-fallbacks',
    resolveId: (id) => (id === FONT_FALLBACKS_ID ? `\0${FONT_FALLBACKS_ID}` : undefined),
    load: (id) => (id === `\0${FONT_FALLBACKS_ID}` ? fontFaces : undefined),
  };
}

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    babel({ presets: [linguiMacros] }),
    lingui(),
    tailwindcss(),
    webFont(),
    fontFallbacks(),
    chunkModules(),
    earlyData(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@machines', replacement: fileURLToPath(new URL('./machines', import.meta.url)) },
      { find: '@contract', replacement: fileURLToPath(new URL('./contract', import.meta.url)) },
      // React 19 has useSyncExternalStore itself: the shim that @xstate/react and wouter import for
      // older Reacts is left out of the bundle (about 1 KB gzip on every page).
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/use-sync-external-store.ts', import.meta.url)),
      },
      {
        find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  // /gateway: the simulated card gateway's pages (server/payments/gateway.ts).
  server: { proxy: { '/api': apiTarget, '/gateway': apiTarget, '/ws': { target: apiTarget, ws: true } } },
  // Every browser the product supports preloads modules itself: no polyfill in the entry.
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // A shared chunk is named by its hash alone: the entry lists every chunk's file for preloading,
    // and module names there cost each visitor about 900 bytes gzip (the manifest maps sources to
    // files, for people). Seven characters of hash, the fewest rolldown accepts for this many chunks
    // (it says so if the chunks outgrow them), save each visitor about 130 bytes more.
    rolldownOptions: { output: { chunkFileNames: 'assets/c[hash:7].js' } },
  },
  test: {
    // The longest files first, also on a fresh clone (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The server suites start embedded databases and child servers: on a loaded machine that
          // takes more than the default ten seconds, and a hook timing out says nothing useful.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default on two cores is one file at a time; the server suites wait on sockets
          // and child processes often enough that three keep both cores busy.
          maxWorkers: 3,
          // The files share their workers' imported modules (the server, the embedded database's
          // WebAssembly) instead of importing them again for each file: half the CPU time. Every
          // file builds its own servers and state in its hooks.
          isolate: false,
          // Each test server starts from a copy of one migrated and seeded database.
          globalSetup: ['tests/support/database-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          // A coverage check walks every path of its machine's graph: seconds of CPU, more on a
          // loaded machine than the default five.
          testTimeout: 30_000,
          maxWorkers: 2,
          // Pure machines and their path tests: importing them once per worker, not once per file,
          // takes the step from over a minute and a half to about twenty seconds.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'pact',
          include: ['tests/pact/**/*.pact.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // One import of Pact and the API functions for every file, not one each.
          isolate: false,
          // The Pact mock server now and then misses a request on a loaded machine; a contract that
          // is really broken fails every attempt.
          retry: 2,
          globalSetup: ['tests/pact/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'provider',
          include: ['tests/provider/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // One test verifies every interaction, one after the other: about 70 s on a quiet machine,
          // several minutes on a loaded one.
          testTimeout: 600_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/database-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // Three files at a time, each with its own product server and browser: a browser test spends
          // much of its time waiting for what the others compute.
          fileParallelism: true,
          maxWorkers: 3,
          // One more attempt absorbs a browser timing hiccup; a broken journey fails both.
          retry: 1,
          // Waiting for what a user would see: a loaded CI machine can take seconds, not one.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each product a file starts runs on a copy of one migrated and seeded data folder.
          globalSetup: ['tests/e2e/support/data-template.ts'],
        },
      },
    ],
  },
});
