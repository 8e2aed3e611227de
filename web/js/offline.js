// Offline and isolation: registers the service worker (../sw.js), which caches the page for use without network
// and adds the COOP/COEP headers a host may not send. A page the worker did not serve (the first visit, before it
// controlled the page) is not cross-origin isolated, so it runs the single-threaded engine: once the worker
// controls the page, the page reloads, once per browser tab session (sessionStorage `hexlab.isolation-reload`),
// and comes back isolated with the threaded engine. An isolated page never reloads; `?offline=no` in the query
// string registers nothing (to see a host's own headers at work).

const RELOADED = 'hexlab.isolation-reload';

/**
 * Starts it; resolves to what was done: 'unsupported' (no service workers: e.g. plain http on another host than
 * localhost), 'off' (`?offline=no`), 'registered', or 'failed'. Dependencies can be replaced (unit tests).
 */
export async function startOffline({
  container = globalThis.navigator?.serviceWorker,
  isolated = globalThis.crossOriginIsolated === true,
  session = safeSession(),
  reload = () => location.reload(),
  search = globalThis.location?.search ?? '',
  url = new URL('../sw.js', import.meta.url),
} = {}) {
  if (!container) return 'unsupported';
  if (new URLSearchParams(search).get('offline') === 'no') return 'off';
  const reloadOnce = () => {
    if (isolated) return;
    try {
      if (session?.getItem(RELOADED)) return;
      session?.setItem(RELOADED, '1');
    } catch {
      return; // without sessionStorage a reload could loop: stay as we are
    }
    reload();
  };
  if (isolated) {
    try {
      session?.removeItem(RELOADED); // isolated now: a later visit that is not may reload again
    } catch {
      // nothing to forget
    }
  } else if (container.controller) reloadOnce();
  else container.addEventListener('controllerchange', reloadOnce, { once: true });
  try {
    await container.register(url);
    return 'registered';
  } catch (err) {
    console.warn(`hexlab: no offline use (the service worker could not be registered: ${err?.message ?? err})`);
    return 'failed';
  }
}

function safeSession() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
