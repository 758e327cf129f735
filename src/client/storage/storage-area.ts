/**
 * A Web Storage area reached without ever throwing. Private modes, a disabled storage, a sandboxed frame or
 * a full quota make `localStorage` (or even reading `window.localStorage`) throw; the game must still run.
 * What cannot be written is kept in memory for the life of the page, so a setting still holds until reload.
 */
export interface StorageArea {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function safeStorageArea(resolve: () => Storage | null | undefined): StorageArea {
  const memory = new Map<string, string>();
  const area = (): Storage | null => {
    try {
      return resolve() ?? null;
    } catch {
      return null;
    }
  };
  return {
    get(key) {
      try {
        const stored = area()?.getItem(key);
        if (stored !== null && stored !== undefined) return stored;
      } catch {
        // Unreadable storage: the page's own copy below.
      }
      return memory.get(key) ?? null;
    },
    set(key, value) {
      const storage = area();
      try {
        if (storage) {
          storage.setItem(key, value);
          memory.delete(key);
          return;
        }
      } catch {
        // Quota or a forbidden storage: kept in memory below until the page closes.
      }
      memory.set(key, value);
    },
    remove(key) {
      memory.delete(key);
      try {
        area()?.removeItem(key);
      } catch {
        // Nothing more to do: the memory copy is gone.
      }
    },
  };
}

/** The browser's localStorage, or memory where there is none (Node, or storage forbidden). */
export function browserLocalStorage(): StorageArea {
  return safeStorageArea(() => globalThis.localStorage);
}

/** The browser's sessionStorage, likewise. */
export function browserSessionStorage(): StorageArea {
  return safeStorageArea(() => globalThis.sessionStorage);
}
