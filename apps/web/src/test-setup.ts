import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { clearDictCache } from './components/crud/fields';
import { loadFeatureStrings } from './i18n';
import { website } from './lib/website';
import { mediaQueryList } from './test/mediaQuery';

// Screens' unit tests render without a signed-in permission map: button judging (on in the app) is off here and
// tested on its own (CrudPage.test) and across every screen in the browser (e2e/role-buttons.spec.ts).
website.permissionJudge = false;

// dictionaries are cached across screens in the app; each test mocks its own
beforeEach(() => clearDictCache());

// findBy…/waitFor wait 1 s by default; CI's 2-core machine under two jsdom workers sometimes takes longer to render a
// dialog's first data (the user picker's tree failed there). A wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// every feature's strings (the app loads them with the signed-in shell)
await loadFeatureStrings();

// antd reads matchMedia and ResizeObserver, which jsdom lacks.
if (!window.matchMedia) window.matchMedia = (query: string) => mediaQueryList(query);
if (!(globalThis as any).ResizeObserver) {
  (globalThis as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
