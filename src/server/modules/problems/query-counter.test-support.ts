import type { AppContext } from '../../platform/context.js';

/** The context with its db wrapped to count the queries started (select/insert/update/delete/execute). */
export function countingContext(ctx: AppContext): { ctx: AppContext; count: () => number } {
  let n = 0;
  const starts = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute']);
  const db = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof prop === 'string' && starts.has(prop) && typeof v === 'function') {
        return (...args: unknown[]) => {
          n++;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return v;
    },
  });
  return { ctx: { ...ctx, db } as AppContext, count: () => n };
}
