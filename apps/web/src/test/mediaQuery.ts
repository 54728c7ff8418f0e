/** jsdom's missing `matchMedia`, as the test setup stands it in and as a test fakes a visitor's preferences. */

/** A media query list that answers `matches` and never notifies a listener. */
export const mediaQueryList = (query: string, matches = false) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
