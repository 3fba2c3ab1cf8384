import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin, Rollup } from 'vite';
import type { EarlyFiles, EarlyLanguage, EarlyView } from '../../src/early/early-data';

/** Where index.html takes the early-data script. */
const EARLY_DATA_MARK = '<!-- early-data -->';

/** The source of each public view whose script the early-data script preloads, and its catalogue. */
const EARLY_VIEWS: Record<EarlyView, { source: string; catalogue: string }> = {
  home: { source: 'src/features/home/HomePage.tsx', catalogue: 'home' },
  catalogue: { source: 'src/features/catalogue/CataloguePage.tsx', catalogue: 'catalogue' },
  course: { source: 'src/features/course/CourseDetailsPage.tsx', catalogue: 'course' },
  event: { source: 'src/features/events/EventDetailsPage.tsx', catalogue: 'events' },
  about: { source: 'src/features/about/AboutPage.tsx', catalogue: 'about' },
  contact: { source: 'src/features/contact/ContactPage.tsx', catalogue: 'contact' },
  reportIssue: { source: 'src/features/issues/ReportIssuePage.tsx', catalogue: 'issues' },
  verify: { source: 'src/features/verify/VerifyCertificatePage.tsx', catalogue: 'community' },
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
  const viewMessagesOf: NonNullable<EarlyFiles['viewMessages']> = {};
  const files: EarlyFiles = { views: {}, messages: {}, viewMessages: viewMessagesOf };
  for (const [view, { source }] of Object.entries(EARLY_VIEWS) as [EarlyView, { source: string }][]) {
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
    const viewMessages: Partial<Record<EarlyView, string>> = {};
    for (const [view, { catalogue }] of Object.entries(EARLY_VIEWS) as [EarlyView, { catalogue: string }][]) {
      const messages = facade(new RegExp(`^src/i18n/locales/${language}/${catalogue}\\.po$`));
      if (!messages) throw new Error(`early data: no ${language} ${catalogue} messages for ${view}`);
      viewMessages[view] = base + messages.fileName;
    }
    viewMessagesOf[language] = viewMessages;
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

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = '\0early-data-entry';

/**
 * `src/early/early-data.ts`, with the small modules it imports, as one minified classic script that
 * starts this page's early requests with the files the build names.
 */
export async function earlyScript(apiBase: string, files: EarlyFiles): Promise<string> {
  const bundle = await rolldown({
    input: ENTRY,
    platform: 'browser',
    resolve: { alias: { '@': `${ROOT}src` } },
    plugins: [
      {
        name: 'early-data-entry',
        resolveId: (id) => (id === ENTRY ? id : undefined),
        load: (id) =>
          id === ENTRY
            ? `import { startEarlyInBrowser } from ${JSON.stringify(`${ROOT}src/early/early-data.ts`)};\n` +
              `startEarlyInBrowser(${JSON.stringify(apiBase)}, ${JSON.stringify(files)});`
            : undefined,
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    if (output.length !== 1) throw new Error('early data: the inline script split into several files');
    return output[0].code.trim();
  } finally {
    await bundle.close();
  }
}

/**
 * Inlines `src/early/early-data.ts` into index.html: a public page's API answers, largest picture and
 * script start downloading beside the app's own script (the built app names each view's files).
 */
export function earlyData(): Plugin {
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
        const files = context.bundle ? earlyFiles(context.bundle, ROOT, base) : { views: {}, messages: {} };
        const script = await earlyScript(apiBase, files);
        // A classic script where index.html marks it, before the stylesheet: it runs as the parser
        // reaches it, while the app's module script downloads. An inline module script would wait
        // for the parser, and a classic one after a stylesheet waits for the stylesheet.
        if (!html.includes(EARLY_DATA_MARK)) throw new Error(`index.html has no ${EARLY_DATA_MARK}`);
        return html.replace(EARLY_DATA_MARK, `<script>${script}</script>`);
      },
    },
  };
}
