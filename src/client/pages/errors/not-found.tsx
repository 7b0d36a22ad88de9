import ErrorPage from './show';

/** Shown when the server names a page this client build does not have. */
export default function NotFoundPage() {
  return (
    <ErrorPage
      status={404}
      title="Page not found"
      message="This page does not exist in this version of the app. Try reloading, or go back to the start page."
      requestId={null}
    />
  );
}
