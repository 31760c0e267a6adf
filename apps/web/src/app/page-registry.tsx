// Which page a server menu entry's `component` opens, and the hidden pages a module opens below its own
// path. Modules without a page yet open a notice saying so.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SubPage } from '../lib/routes';

export const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  'acceptance/index': lazy(() => import('../features/acceptance/acceptance-page')),
  'dashboard/index': lazy(() => import('../features/dashboard/dashboard-page')),
  'purchase-order/index': lazy(() => import('../features/purchase-order/purchase-order-page')),
  'purchase-order/detail': lazy(() => import('../features/purchase-order/order-detail-page')),
  'usage-log/module-usage': lazy(() => import('../features/usage-log/module-usage-page')),
  'user/employee': lazy(() => import('../features/user/employee-page')),
  'user/user-detail': lazy(() => import('../features/user/user-detail-page')),
};

/** Hidden pages by the component of the module they belong to; they follow that module's grant. */
export const subPages: Record<string, SubPage[]> = {
  'user/employee': [{ path: 'userDetail', title: '子账号详情', titleEn: 'Child account', component: 'user/user-detail' }],
  'purchase-order/index': [{ path: 'detail', title: '采购订单详情', titleEn: 'Purchase order detail', component: 'purchase-order/detail' }],
};

/** Internal example of the DataGrid, not in any menu. */
export const GridExamplePage = lazy(() => import('../features/grid-example/grid-example-page'));

export const ModuleNotReady = lazy(() => import('../components/module-not-ready'));
