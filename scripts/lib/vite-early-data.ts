import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync, type Plugin, type Rollup, transformWithOxc } from 'vite';
import type { EarlyFiles, EarlyLanguage, EarlyView } from '../../src/early/early-data';

/** Where index.html takes the early-data script. */
const EARLY_DATA_MARK = '<!-- early-data -->';

/** The source of each public view whose script the early-data script preloads. */
const EARLY_VIEWS: Record<EarlyView, string> = {
  home: 'src/features/home/HomePage.tsx',
  catalogue: 'src/features/catalogue/CataloguePage.tsx',
  course: 'src/features/course/CourseDetailsPage.tsx',
  event: 'src/features/events/EventDetailsPage.tsx',
  about: 'src/features/about/AboutPage.tsx',
  contact: 'src/features/contact/ContactPage.tsx',
  reportIssue: 'src/features/issues/ReportIssuePage.tsx',
  verify: 'src/features/verify/VerifyCertificatePage.tsx',
};

/** The files a view's chunk needs that the entry does not already load, and each language's messages. */
export function earlyFiles(bundle: Rollup.OutputBundle, root: string, base: string): EarlyFiles {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[], seen = new Set<string>()): Set<string> => {
    for (const file of files) {
      if (seen.has(file)) continue;
      seen.add(file);
      closure(byFile.get(file)?.imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const facade = (source: string | RegExp) =>
    chunks.find((chunk) => {
      const id = chunk.facadeModuleId?.startsWith(root) ? chunk.facadeModuleId.slice(root.length) : '';
      return typeof source === 'string' ? id === source : source.test(id);
    });
  const files: EarlyFiles = { views: {}, messages: {} };
  for (const [view, source] of Object.entries(EARLY_VIEWS) as [EarlyView, string][]) {
    const chunk = facade(source);
    if (!chunk) throw new Error(`early data: no chunk for ${source}`);
    files.views[view] = [...closure([chunk.fileName])]
      .filter((file) => !entry.has(file))
      .map((file) => base + file);
  }
  const assets = Object.values(bundle)
    .filter((item) => item.type === 'asset')
    .map((asset) => asset.fileName);
  files.fonts = {};
  for (const language of ['en', 'ar'] as EarlyLanguage[]) {
    const chunk = facade(new RegExp(`^src/i18n/locales/${language}/messages\\.po$`));
    if (!chunk) throw new Error(`early data: no messages chunk for ${language}`);
    files.messages[language] = base + chunk.fileName;
    // The web font's files of the language's script (virtual:web-font.css in vite.config.ts).
    const subset = language === 'ar' ? 'arabic' : 'latin';
    const fonts = assets.filter((file) =>
      new RegExp(`/ibm-plex-sans-arabic-${subset}-\\d00-normal-[^/]*\\.woff2$`).test(file),
    );
    if (fonts.length !== 3) throw new Error(`early data: ${fonts.length} ${subset} font files, not 3`);
    files.fonts[language] = fonts.sort().map((file) => base + file);
  }
  return files;
}

/**
 * `src/early/early-data.ts` as one classic script that starts this page's early requests: its
 * exports become local functions inside a function scope, then it is minified.
 */
export async function earlyScript(source: string, apiBase: string, files: EarlyFiles): Promise<string> {
  const { code } = await transformWithOxc(source, 'early-data.ts', { lang: 'ts' });
  const local = code.replace(/^export (?=(?:async )?function |const |let |class )/gm, '');
  if (/^\s*export\b/m.test(local)) throw new Error('early data: an export the inline script cannot hold');
  const call = `startEarlyInBrowser(${JSON.stringify(apiBase)}, ${JSON.stringify(files)});`;
  return minifySync('early-data.js', `(() => {\n${local}\n${call}\n})();`, { compress: true, mangle: true })
    .code;
}

/**
 * Inlines `src/early/early-data.ts` into index.html: a public page's API answers, largest picture and
 * script start downloading beside the app's own script (the built app names each view's files).
 */
export function earlyData(): Plugin {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  let base = '/';
  let apiBase = '/api/v1';
  return {
    name: 'kfu:early-data',
    configResolved(config) {
      base = config.base;
      apiBase = config.env.VITE_API_BASE ?? apiBase;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const source = readFileSync(`${root}src/early/early-data.ts`, 'utf8');
        const files = context.bundle ? earlyFiles(context.bundle, root, base) : { views: {}, messages: {} };
        const script = await earlyScript(source, apiBase, files);
        // A classic script where index.html marks it, before the stylesheet: it runs as the parser
        // reaches it, while the app's module script downloads. An inline module script would wait
        // for the parser, and a classic one after a stylesheet waits for the stylesheet.
        if (!html.includes(EARLY_DATA_MARK)) throw new Error(`index.html has no ${EARLY_DATA_MARK}`);
        return html.replace(EARLY_DATA_MARK, `<script>${script}</script>`);
      },
    },
  };
}
