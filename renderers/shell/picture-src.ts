import { useEffect, useState } from 'react';
import { api } from '../session/api.ts';

/**
 * The signed-in user's picture as something an <img> can show. The picture needs the bearer token, which an
 * <img src> cannot send, so it is read through the API client and shown from a blob: URL. `avatarUrl` (from the
 * current user) changes with every new picture, so a new one is read once and the old URL let go.
 */
const loaded = new Map<string, Promise<string | null>>();

function load(avatarUrl: string): Promise<string | null> {
  let pending = loaded.get(avatarUrl);
  if (!pending) {
    pending = api
      .GET('/api/user/v1/pic', { parseAs: 'blob' })
      .then(({ data }) => (data ? URL.createObjectURL(data as Blob) : null))
      .catch(() => null);
    for (const [url, earlier] of loaded) {
      loaded.delete(url);
      void earlier.then((src) => src && URL.revokeObjectURL(src));
    }
    loaded.set(avatarUrl, pending);
  }
  return pending;
}

export function usePictureSrc(avatarUrl: string | null | undefined): string | undefined {
  const [shown, setShown] = useState<{ avatarUrl: string; src: string | null }>();
  useEffect(() => {
    if (!avatarUrl) return undefined;
    let live = true;
    void load(avatarUrl).then((src) => live && setShown({ avatarUrl, src }));
    return () => {
      live = false;
    };
  }, [avatarUrl]);
  return avatarUrl && shown?.avatarUrl === avatarUrl && shown.src ? shown.src : undefined;
}
