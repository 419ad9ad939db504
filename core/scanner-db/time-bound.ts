/**
 * Waits for a promise at most a given time. The promise is not cancelled: it goes on and settles on its own (a
 * late answer can still fill a cache), but the caller is free after `ms`.
 */

export type Bounded<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'error'; readonly error: unknown };

export function withinMs<T>(promise: Promise<T>, ms: number): Promise<Bounded<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'timeout' }), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ kind: 'value', value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ kind: 'error', error });
      },
    );
  });
}
