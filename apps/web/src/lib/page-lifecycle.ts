// Whether this page is going away (reload, navigation). Work cut off by that is not a failure, and a
// leaving page must not change the stored session that the next page already uses.
let unloading = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (unloading = true));
  window.addEventListener('beforeunload', () => (unloading = true));
  window.addEventListener('pageshow', () => (unloading = false));
}

export const isUnloading = () => unloading;
