/** Prop kinds of the Inertia protocol: lazy functions, optional, deferred, always, merge. */
export type Resolvable<T = unknown> = T | (() => T | Promise<T>);

const KIND = Symbol('inertia.prop');

/** A wrapped prop; `T` is the value the page receives (a phantom type: checked, never read). */
export interface SpecialProp<T = unknown> {
  [KIND]: 'optional' | 'defer' | 'always' | 'merge';
  value: Resolvable<T>;
  group?: string;
}

/** What a render call may give for a prop the page declares as `T`: the value, a lazy function or a wrapper. */
type PropInput<T> = T | (() => T | Promise<T>) | SpecialProp<T>;
/** The props a render call gives for a page whose props are `P` (optional keys stay optional). */
export type PropsInput<P> = { [K in keyof P]: PropInput<P[K]> };

/** evaluated only when a partial reload asks for it by name (declare the prop optional on the page) */
export const optional = <T>(fn: () => T | Promise<T>): SpecialProp<T> => ({
  [KIND]: 'optional',
  value: fn,
});
/** left out of the first response; the client fetches its group right after rendering (declare it optional) */
export const defer = <T>(fn: () => T | Promise<T>, group = 'default'): SpecialProp<T> => ({
  [KIND]: 'defer',
  value: fn,
  group,
});
/** included even in partial reloads that did not ask for it */
export const always = <T>(value: Resolvable<T>): SpecialProp<T> => ({ [KIND]: 'always', value });
/** appended to the client's existing array on partial reloads */
export const merge = <T>(value: Resolvable<T>): SpecialProp<T> => ({ [KIND]: 'merge', value });

function kindOf(v: unknown): SpecialProp[typeof KIND] | undefined {
  return v !== null && typeof v === 'object' && KIND in (v as object)
    ? (v as SpecialProp)[KIND]
    : undefined;
}

async function resolveValue(v: unknown): Promise<unknown> {
  const inner = kindOf(v) ? (v as SpecialProp).value : v;
  return typeof inner === 'function' ? await (inner as () => unknown)() : await inner;
}

export interface PartialRequest {
  component: string | undefined;
  only: string[] | undefined;
  except: string[] | undefined;
}

/** Apply the protocol's evaluation model; returns the resolved props and page metadata. */
export async function resolveProps(
  component: string,
  raw: Record<string, unknown>,
  partial: PartialRequest,
) {
  const isPartial =
    partial.component === component && (partial.only !== undefined || partial.except !== undefined);
  const props: Record<string, unknown> = {};
  const deferredProps: Record<string, string[]> = {};
  const mergeProps: string[] = [];
  const tasks: Promise<void>[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const kind = kindOf(value);
    let include: boolean;
    if (isPartial) {
      include =
        kind === 'always' ||
        key === 'errors' ||
        ((partial.only ? partial.only.includes(key) : true) &&
          !(partial.except ?? []).includes(key));
    } else {
      include = kind !== 'optional' && kind !== 'defer';
      if (kind === 'defer')
        (deferredProps[(value as SpecialProp).group ?? 'default'] ??= []).push(key);
    }
    if (kind === 'merge') mergeProps.push(key);
    if (include) tasks.push(resolveValue(value).then((r) => void (props[key] = r)));
  }
  await Promise.all(tasks);
  return {
    props,
    deferredProps: Object.keys(deferredProps).length ? deferredProps : undefined,
    mergeProps: mergeProps.length ? mergeProps : undefined,
  };
}
