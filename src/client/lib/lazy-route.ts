import type { ComponentType } from 'react';

/** A page chunk that has not arrived after 120 s counts as failed; the error page shows. */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('Page chunk loading timed out');
    this.name = 'ChunkLoadTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A React Router `lazy` function for a route module whose default export is the page:
 * the chunk is fetched on first visit, and a chunk that takes longer than 120 s fails
 * into the error page instead of hanging.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await withTimeout(load());
    return { Component: module.default };
  };
}
