/// <reference types="vite/client" />
/**
 * Registers the playground's service worker (built pages only; the dev server has none) and reports
 * when everything the page needs offline is cached.
 */

/** Registers service-worker.js next to the page; resolves true once it controls a page with a full precache. */
export async function enableOffline(): Promise<boolean> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return false;
  try {
    await navigator.serviceWorker.register(new URL('service-worker.js', document.baseURI).href, { scope: './' });
    const ready = await navigator.serviceWorker.ready;
    return ready.active !== null;
  } catch {
    return false;
  }
}
