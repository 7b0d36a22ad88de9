import { router } from '@inertiajs/react';
import { route, type RouteName, type RouteParams } from '@shared/route';
import { toast } from '../../lib/toast';

/** Diagram edits reload only the diagram (plus errors and the flash toast), keeping zoom, pan and panel state. */
const DIAGRAM_RELOAD = {
  preserveScroll: true,
  preserveState: true,
  only: ['diagram', 'errors', 'flash'],
};

/** The first error of a refused request as one sentence (e.g. a cycle refused on `toId`). */
function firstError(errors: Record<string, string>): string {
  return (
    errors.toId ??
    errors.fromId ??
    errors.title ??
    Object.values(errors)[0] ??
    'That change was refused.'
  );
}

type Method = 'post' | 'put' | 'delete';

/** Send one diagram edit; `done(true)` after success, a toast with the server's reason after a refusal. */
export function diagramRequest(
  method: Method,
  name: RouteName,
  params: RouteParams,
  data: Record<string, unknown>,
  done?: (ok: boolean) => void,
) {
  const url = route(name, params);
  const opts = {
    ...DIAGRAM_RELOAD,
    onSuccess: (page: { props: { errors?: Record<string, string> } }) => {
      const errs = page.props.errors ?? {};
      if (Object.keys(errs).length) {
        toast.error(firstError(errs));
        done?.(false);
      } else done?.(true);
    },
    onError: (errors: Record<string, string>) => {
      toast.error(firstError(errors));
      done?.(false);
    },
  };
  if (method === 'delete') router.delete(url, { ...opts, data: data as never });
  else router[method](url, data as never, opts as never);
}
