/**
 * Registers the service worker when the server's document names one (`<meta name="service-worker">`,
 * absent when SERVICE_WORKER=0, as in the end-to-end run) in a production build. A failure only
 * means the app does not install: the page works the same.
 */
export function registerServiceWorker(window: Window): void {
  const script = window.document.querySelector('meta[name="service-worker"]')?.getAttribute('content');
  if (!script || !('serviceWorker' in window.navigator)) return;
  // After the page loaded: storing the build's files must not compete with the first screen.
  const register = () => void window.navigator.serviceWorker.register(script, { scope: '/' }).catch(() => undefined);
  if (window.document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
