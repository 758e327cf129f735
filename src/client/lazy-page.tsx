import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ChunkBoundary } from './ui/chunk-boundary.tsx';

/** A page whose code is a chunk of its own, loaded the first time it is shown. */
export interface PageChunk {
  loaded: ComponentType | null;
  Lazy: LazyExoticComponent<ComponentType>;
  preload(): Promise<void>;
}

export function pageChunk(load: () => Promise<ComponentType>): PageChunk {
  const chunk: PageChunk = {
    loaded: null,
    preload: () =>
      load().then((component) => {
        chunk.loaded = component;
      }),
    Lazy: lazy(async () => {
      await chunk.preload();
      return { default: chunk.loaded as ComponentType };
    }),
  };
  return chunk;
}

/**
 * Renders the page of `chunk`: at once once loaded (or preloaded), else after its chunk arrives. A chunk
 * that fails to load, or a page that throws, shows the reload notice (ui/chunk-boundary.tsx).
 */
export function LazyPage({ chunk, reload }: { chunk: PageChunk; reload?: () => void }) {
  const Loaded = chunk.loaded;
  return (
    <ChunkBoundary {...(reload ? { reload } : {})}>{Loaded ? <Loaded /> : <chunk.Lazy />}</ChunkBoundary>
  );
}
