// Which page a server menu entry's `component` opens. Modules without a page yet open a notice saying so.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard/index': lazy(() => import('../features/dashboard/dashboard-page')),
  'usage-log/module-usage': lazy(() => import('../features/usage-log/module-usage-page')),
};

/** Internal example of the DataGrid, not in any menu. */
export const GridExamplePage = lazy(() => import('../features/grid-example/grid-example-page'));

export const ModuleNotReady = lazy(() => import('../components/module-not-ready'));
