// The web font's Arabic and Latin subsets in the weights the product uses, each downloaded only for a
// page that shows its characters (vite.config.ts). The page's language's files are preloaded from
// index.html (src/early), and text never changes font once shown (`font-display: optional`); the
// fallback faces have the same metrics.
import 'virtual:web-font.css';
import 'virtual:font-fallbacks.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { preloadView } from '@/app/lazy-view';
import { routes } from '@/app/routes';
import { activateLanguage, initialLanguage } from '@/i18n';
import { startSession } from '@/session';

async function main() {
  // The messages and the first page's view load side by side, and the page shows in the first render.
  await Promise.all([activateLanguage(initialLanguage()), preloadView(routes, window.location.pathname)]);
  startSession();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built (input stays responsive on slow phones).
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void main();
