// Which page a server menu entry's `component` opens, and the hidden pages a module opens below its own
// path. Modules without a page yet open a notice saying so.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SubPage } from '../lib/routes';

/** The landing page (spec: / opens /dashboard after sign-in). */
export const loadDashboard = () => import('../features/dashboard/dashboard-page');

export const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  'acceptance/index': lazy(() => import('../features/acceptance/acceptance-page')),
  'dashboard/index': lazy(loadDashboard),
  'purchase-order/index': lazy(() => import('../features/purchase-order/purchase-order-page')),
  'purchase-order/detail': lazy(() => import('../features/purchase-order/order-detail-page')),
  'purchase-order/monitor': lazy(() => import('../features/purchase-order/monitor-page')),
  'usage-log/module-usage': lazy(() => import('../features/usage-log/module-usage-page')),
  'user/employee': lazy(() => import('../features/user/employee-page')),
  'user/user-detail': lazy(() => import('../features/user/user-detail-page')),
  'base-data/brand': lazy(() => import('../features/base-data/brand-page')),
  'base-data/category': lazy(() => import('../features/base-data/category-page')),
  'base-data/dept': lazy(() => import('../features/base-data/dept-page')),
  'base-data/bus-option': lazy(() => import('../features/base-data/bus-option-page')),
  'settlement/index': lazy(() => import('../features/settlement/settlement-page')),
  'settlement/detail': lazy(() => import('../features/settlement/bill-detail-page')),
  'settlement/editor': lazy(() => import('../features/settlement/bill-editor-page')),
  'settlement/review': lazy(() => import('../features/settlement/review-page')),
  'settlement/charges': lazy(() => import('../features/settlement/charges-page')),
  'certificate/index': lazy(() => import('../features/certificate/certificate-page')),
  'certificate/upload': lazy(() => import('../features/certificate/upload-page')),
  'certificate/import': lazy(() => import('../features/certificate/import-page')),
  'certificate/redirect': lazy(() => import('../features/certificate/redirect')),
  'base-data/acc-unit': lazy(() => import('../features/base-data/acc-unit-page')),
  'goods-apply/index': lazy(() => import('../features/goods-apply/apply-page')),
  'workflow/goods-apply': lazy(() => import('../features/goods-apply/review-page')),
  'supplier-apply/review': lazy(() => import('../features/supplier-apply/review-page')),
  'supplier-apply/history': lazy(() => import('../features/supplier-apply/history-page')),
  'dynamic/query': lazy(() => import('../features/dynamic-query/query-page')),
  'dynamic-query/designer': lazy(() => import('../features/dynamic-query/designer-page')),
  'integration/clients': lazy(() => import('../features/integration/clients-page')),
  'integration/import': lazy(() => import('../features/integration/import-page')),
  'integration/log': lazy(() => import('../features/integration/log-page')),
  'notify-delivery/channels': lazy(() => import('../features/notify-delivery/channels-page')),
  'notify-delivery/robots': lazy(() => import('../features/notify-delivery/robots-page')),
  'audit/trail': lazy(() => import('../features/audit/trail-page')),
  'audit/activity': lazy(() => import('../features/audit/activity-page')),
  'delivery-note/index': lazy(() => import('../features/delivery-note/notes-page')),
  'delivery-note/receiving': lazy(() => import('../features/delivery-note/receiving-page')),
  'dock/booking': lazy(() => import('../features/dock/booking-page')),
  'dock/board': lazy(() => import('../features/dock/board-page')),
  'performance/supplier': lazy(() => import('../features/performance/supplier-page')),
  'performance/ranking': lazy(() => import('../features/performance/ranking-page')),
  'notification/centre': lazy(() => import('../features/notification/centre-page')),
  'notification/settings': lazy(() => import('../features/notification/settings-page')),
  'order-settings/index': lazy(() => import('../features/order-settings/settings-page')),
  'auth/mfa-policy': lazy(() => import('../features/auth/mfa-policy-page')),
};

/** Hidden pages by the component of the module they belong to; they follow that module's grant. */
export const subPages: Record<string, SubPage[]> = {
  // A tab's title tells the pages apart: the record's number (titleParam), and new, copy or view by the query.
  'user/employee': [
    {
      path: 'userDetail',
      title: '修改子账号',
      titleEn: 'Edit child account',
      component: 'user/user-detail',
      titleParam: 'employeeCode',
      titleFor: (params) =>
        !params.get('employeeCode')
          ? { title: '新增子账号', titleEn: 'New child account' }
          : params.get('readOnly') === '1'
            ? { title: '查看子账号', titleEn: 'Child account' }
            : params.get('isCopy') === '1'
              ? { title: '复制子账号', titleEn: 'Copy child account' }
              : undefined,
    },
  ],
  'purchase-order/index': [
    {
      path: 'detail',
      title: '采购订单详情',
      titleEn: 'Purchase order detail',
      component: 'purchase-order/detail',
      titleParam: 'billNumber',
    },
  ],
  'settlement/index': [
    { path: 'detail', title: '结算单详情', titleEn: 'Settlement bill', component: 'settlement/detail', titleParam: 'samBillNum' },
    // The editor is kept alive like any tab: switching away and back keeps the chosen unit, period and documents.
    {
      path: 'edit',
      title: '编辑结算单',
      titleEn: 'Edit settlement bill',
      component: 'settlement/editor',
      titleParam: 'samBillNum',
      titleFor: (params) =>
        params.get('samBillNum')
          ? undefined
          : params.get('kind') === 'advance'
            ? { title: '新建预付结算单', titleEn: 'New advance bill' }
            : { title: '新建结算单', titleEn: 'New settlement bill' },
    },
    { path: 'review', title: '结算审核', titleEn: 'Settlement review', component: 'settlement/review' },
  ],
  // Spec section 2: /ctf redirects to /ctfType (no title: it never becomes a tab), /ctf/upload, /ctfImport.
  'certificate/index': [
    { path: '/ctf', title: '', titleEn: '', component: 'certificate/redirect' },
    { path: '/ctf/upload', title: '上传证照', titleEn: 'Upload certificate', component: 'certificate/upload', noCache: true },
    { path: '/ctfImport', title: '证照导入', titleEn: 'Import certificates', component: 'certificate/import' },
  ],
  // Spec section 2: the same review opened in a frame from the merchandising system (hidden).
  'workflow/goods-apply': [
    { path: '/goodsApplyAduitFromRmc', title: '新品申请审核', titleEn: 'New-product review', component: 'workflow/goods-apply' },
  ],
};

/** 我的会话, from the user menu: every signed-in user's own sessions, in no server menu. */
export const MySessionsPage = lazy(() => import('../features/session/sessions-page'));

/** Internal example of the DataGrid, not in any menu. */
export const GridExamplePage = lazy(() => import('../features/grid-example/grid-example-page'));

/** The generic query page, also opened by link outside the menu and signed out (spec: /dynamic/query/ paths). */
export const DynamicQueryPage = lazy(() => import('../features/dynamic-query/query-page'));

export const ModuleNotReady = lazy(() => import('../components/module-not-ready'));

/** Print previews (spec section 2: /preview, and the titled /manageAdjustPrice, /goodsChangeApproval): signed in, without the shell. */
export const shellFreePages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/preview': lazy(() => import('../features/print/preview-page')),
  '/manageAdjustPrice': lazy(() => import('../features/print/titled-preview-page').then((m) => ({ default: m.AdjustPricePreviewPage }))),
  '/goodsChangeApproval': lazy(() => import('../features/print/titled-preview-page').then((m) => ({ default: m.GoodsChangePreviewPage }))),
  /** The supplier contract's PDF in a tab of its own (settlement's contract terms link to it). */
  '/contractPdf': lazy(() => import('../features/settlement/contract-pdf-page')),
  /** A delivery note on A4 with its barcode and QR code, for the dock (delivery-note/print-page.tsx). */
  '/deliveryNotePrint': lazy(() => import('../features/delivery-note/print-page')),
  /** Two-factor sign-in of the user's own account: from the user menu, and the only page of a session that must enrol. */
  '/twoFactor': lazy(() => import('../features/auth/two-factor-page')),
};
export const twoFactorPath = '/twoFactor';
/** The public cooperation application (/coApply), reached without signing in. */
export const CoApplyPage = lazy(() => import('../features/supplier-apply/co-apply-page'));
