import { CHUNK_LOAD_TIMEOUT_MS, pageMessages } from '@store/shared';
import type { ComponentType } from 'react';

/**
 * A code-split route for react-router's `lazy`. A chunk that fails to load, or takes longer than
 * 120 s, surfaces as 'Loading chunk N failed' in the route's error page.
 */
export function lazyRoute(name: string, load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } catch {
      throw new ChunkLoadError(name);
    } finally {
      clearTimeout(timer);
    }
  };
}

export class ChunkLoadError extends Error {
  constructor(chunk: string) {
    super(pageMessages.chunkLoadFailed(chunk));
    this.name = 'ChunkLoadError';
  }
}
