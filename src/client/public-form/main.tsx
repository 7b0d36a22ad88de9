import { createRoot } from 'react-dom/client';
import type { PublicFormProps } from '@shared/forms/forms.pages';
import { FormApp } from './form-app';
import { applyLanguage, pageLanguage } from './language';
import { loadPageText } from './page-text';

/**
 * The public form page's own entry (no Inertia, no Mantine: React and the shared form code only).
 * The server's document (modules/forms/public-form.document.ts) carries the form as JSON.
 */
const data = JSON.parse(document.getElementById('form-data')!.textContent!) as PublicFormProps;
// ?lang=, then the browser's languages, then the form's default: `lang` and `dir` from the code
const language = pageLanguage(data, location.search, navigator.languages ?? [navigator.language]);
applyLanguage(language);
// the page's own words: only this language's catalogue is downloaded (English is built in)
void loadPageText(language).then((text) =>
  createRoot(document.getElementById('form-root')!).render(
    <FormApp data={data} initialLanguage={language} initialText={text} />,
  ),
);

// the service worker keeps this page and its files for offline use (not in Vite's dev server,
// whose modules change under it)
if ('serviceWorker' in navigator && !import.meta.env.DEV) {
  const scope = data.workerUrl.slice(0, data.workerUrl.lastIndexOf('/') + 1);
  void navigator.serviceWorker
    .register(data.workerUrl, { scope })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) =>
      registration.active?.postMessage({ type: 'keep-page', url: location.href }),
    )
    .catch(() => undefined);
}
