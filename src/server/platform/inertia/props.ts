/** Prop kinds of the Inertia protocol: lazy functions, optional, deferred, always, merge. */
export type Resolvable<T = unknown> = T | (() => T | Promise<T>);

const KIND = Symbol('inertia.prop');

export interface SpecialProp {
  [KIND]: 'optional' | 'defer' | 'always' | 'merge';
  value: Resolvable;
  group?: string;
}

/** evaluated only when a partial reload asks for it by name */
export const optional = (fn: () => unknown): SpecialProp => ({ [KIND]: 'optional', value: fn });
/** left out of the first response; the client fetches its group right after rendering */
export const defer = (fn: () => unknown, group = 'default'): SpecialProp => ({ [KIND]: 'defer', value: fn, group });
/** included even in partial reloads that did not ask for it */
export const always = (value: Resolvable): SpecialProp => ({ [KIND]: 'always', value });
/** appended to the client's existing array on partial reloads */
export const merge = (value: Resolvable): SpecialProp => ({ [KIND]: 'merge', value });

export function kindOf(v: unknown): SpecialProp[typeof KIND] | undefined {
  return v !== null && typeof v === 'object' && KIND in (v as object) ? (v as SpecialProp)[KIND] : undefined;
}

export async function resolveValue(v: unknown): Promise<unknown> {
  const inner = kindOf(v) ? (v as SpecialProp).value : v;
  return typeof inner === 'function' ? await (inner as () => unknown)() : await inner;
}

export interface PartialRequest {
  component: string | undefined;
  only: string[] | undefined;
  except: string[] | undefined;
}

/** Apply the protocol's evaluation model; returns the resolved props and page metadata. */
export async function resolveProps(component: string, raw: Record<string, unknown>, partial: PartialRequest) {
  const isPartial = partial.component === component && (partial.only !== undefined || partial.except !== undefined);
  const props: Record<string, unknown> = {};
  const deferredProps: Record<string, string[]> = {};
  const mergeProps: string[] = [];
  const tasks: Promise<void>[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const kind = kindOf(value);
    let include: boolean;
    if (isPartial) {
      include = kind === 'always' || key === 'errors' || ((partial.only ? partial.only.includes(key) : true) && !(partial.except ?? []).includes(key));
    } else {
      include = kind !== 'optional' && kind !== 'defer';
      if (kind === 'defer') (deferredProps[(value as SpecialProp).group ?? 'default'] ??= []).push(key);
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
