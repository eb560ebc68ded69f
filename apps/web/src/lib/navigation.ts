/**
 * Navigation for modules outside React (the API client, logout): the app registers the
 * router's navigate once at start; without it, the browser loads the page.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator | null = null;

/** Called by the app with the router instance's navigate. Returns the unregister function. */
export function setNavigator(next: Navigator | null): () => void {
  navigator = next;
  return () => {
    if (navigator === next) navigator = null;
  };
}

/** Goes to `to` through the router when one is registered, else by loading the page. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
