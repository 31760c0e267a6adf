// The demo retailer's master data: stores, categories, brands, suppliers and their goods.
import { settlement, supplierApply } from '@portal/contract';
export const tenant = { id: 'demo', name: '华联优选', companyName: '华联优选超市(上海)有限公司' };

export const depts = [
  { code: 'S0101', name: '上海虹口店', type: 'store', city: '上海' },
  { code: 'S0102', name: '上海浦东店', type: 'store', city: '上海' },
  { code: 'S0201', name: '杭州西湖店', type: 'store', city: '杭州' },
  { code: 'S0301', name: '南京新街口店', type: 'store', city: '南京' },
  { code: 'S0401', name: '苏州园区店', type: 'store', city: '苏州' },
  { code: 'S0501', name: '宁波天一店', type: 'store', city: '宁波' },
  { code: 'D0001', name: '嘉定常温配送中心', type: 'dc', city: '上海' },
  { code: 'D0002', name: '杭州生鲜配送中心', type: 'dc', city: '杭州' },
] as const;

/** Two levels: 课类 (department of goods) and their sub-classes. */
export const categories: { code: string; name: string; children: { code: string; name: string }[] }[] = [
  {
    code: '10',
    name: '休闲食品',
    children: [
      { code: '1001', name: '饼干糕点' },
      { code: '1002', name: '膨化食品' },
      { code: '1003', name: '坚果炒货' },
    ],
  },
  {
    code: '11',
    name: '粮油调味',
    children: [
      { code: '1101', name: '米面杂粮' },
      { code: '1102', name: '食用油' },
      { code: '1103', name: '调味品' },
    ],
  },
  {
    code: '12',
    name: '乳制品',
    children: [
      { code: '1201', name: '常温奶' },
      { code: '1202', name: '酸奶' },
      { code: '1203', name: '奶粉' },
    ],
  },
  {
    code: '13',
    name: '酒水饮料',
    children: [
      { code: '1301', name: '饮用水' },
      { code: '1302', name: '果汁茶饮' },
      { code: '1303', name: '啤酒' },
    ],
  },
  {
    code: '14',
    name: '日化洗护',
    children: [
      { code: '1401', name: '洗发护发' },
      { code: '1402', name: '衣物清洁' },
      { code: '1403', name: '纸品' },
    ],
  },
  {
    code: '15',
    name: '生鲜蔬果',
    children: [
      { code: '1501', name: '蔬菜' },
      { code: '1502', name: '水果' },
    ],
  },
];

export const brands = [
  { code: 'B001', name: '禾丰' },
  { code: 'B002', name: '脆香坊' },
  { code: 'B003', name: '果仁道' },
  { code: 'B004', name: '绿源' },
  { code: 'B005', name: '牧场鲜' },
  { code: 'B006', name: '清泉' },
  { code: 'B007', name: '茶语' },
  { code: 'B008', name: '金穗' },
  { code: 'B009', name: '香满园' },
  { code: 'B010', name: '洁雅' },
  { code: 'B011', name: '柔润' },
  { code: 'B012', name: '田园鲜' },
] as const;

export interface DemoGoods {
  code: string;
  barcode: string;
  name: string;
  spec: string;
  unit: string;
  caseQty: number;
  category: string;
  brand: string;
  taxRate: number;
  priceMicros: number;
  retailCents: number;
}

export interface DemoSupplier {
  code: string;
  name: string;
  creditCode: string;
  mode: string;
  cycle: string;
  termDays: number;
  phone: string;
  goods: DemoGoods[];
}

const g = (
  code: string,
  barcode: string,
  name: string,
  spec: string,
  unit: string,
  caseQty: number,
  category: string,
  brand: string,
  taxRate: number,
  price: number,
  retail: number,
): DemoGoods => ({
  code,
  barcode,
  name,
  spec,
  unit,
  caseQty,
  category,
  brand,
  taxRate,
  priceMicros: Math.round(price * 1_000_000),
  retailCents: Math.round(retail * 100),
});

/** A 统一社会信用代码 with its check character (GB 32100), as the cooperation form checks it. */
const creditCode = (first17: string) => `${first17}${supplierApply.creditCheckChar(first17)}`;

/** A demo supplier's credit code: also its 营业执照's number (certificates.ts), one value in every record of it. */
export const creditCodeOf = (suppCode: string): string => {
  const found = suppliers.find((s) => s.code === suppCode);
  if (!found) throw new Error(`no demo supplier ${suppCode}`);
  return found.creditCode;
};

export const suppliers: DemoSupplier[] = [
  {
    code: '100001',
    name: '上海禾丰食品有限公司',
    creditCode: creditCode('91310109MA1G5X2K3'),
    mode: '经销',
    cycle: '月结',
    termDays: 45,
    phone: '13800138000',
    goods: [
      g('600101', '6923456789012', '禾丰原味苏打饼干', '400g', '袋', 12, '1001', 'B001', 13, 8.5, 12.9),
      g('600102', '6923456789029', '禾丰海苔夹心米饼', '120g', '袋', 24, '1001', 'B001', 13, 6.8, 9.9),
      g('600103', '6923456789036', '禾丰全麦消化饼', '300g', '盒', 12, '1001', 'B001', 13, 11.2, 16.8),
      g('600104', '6923456789043', '脆香坊番茄味薯片', '70g', '袋', 30, '1002', 'B002', 13, 4.35, 6.5),
      g('600105', '6923456789050', '脆香坊原味虾条', '80g', '袋', 30, '1002', 'B002', 13, 3.9, 5.9),
      g('600106', '6923456789067', '果仁道每日坚果', '25g*30', '盒', 6, '1003', 'B003', 13, 78, 119),
      g('600107', '6923456789074', '果仁道奶香瓜子', '500g', '袋', 20, '1003', 'B003', 13, 9.6, 14.5),
      g('600108', '6923456789081', '禾丰蛋黄酥', '6枚装', '盒', 10, '1001', 'B001', 13, 15.8, 23.8),
    ],
  },
  {
    code: '100002',
    name: '杭州绿源乳业有限公司',
    creditCode: creditCode('91330106MA2H7Y3L4'),
    mode: '经销',
    cycle: '月结',
    termDays: 30,
    phone: '13800138000',
    goods: [
      g('600201', '6931234500011', '绿源纯牛奶', '250ml*24', '箱', 1, '1201', 'B004', 13, 52, 69.9),
      g('600202', '6931234500028', '绿源低脂高钙奶', '250ml*12', '箱', 1, '1201', 'B004', 13, 33.5, 45.9),
      g('600203', '6931234500035', '牧场鲜原味酸奶', '200g*8', '组', 6, '1202', 'B005', 13, 15.6, 21.9),
      g('600204', '6931234500042', '牧场鲜草莓果粒酸奶', '200g*8', '组', 6, '1202', 'B005', 13, 17.2, 23.9),
      g('600205', '6931234500059', '绿源中老年奶粉', '800g', '罐', 6, '1203', 'B004', 13, 98, 139),
    ],
  },
  {
    code: '100003',
    name: '苏州清泉饮品有限公司',
    creditCode: creditCode('91320594MA1N8Z4M5'),
    mode: '代销',
    cycle: '月结',
    termDays: 45,
    phone: '13900139003',
    goods: [
      g('600301', '6945678900017', '清泉天然饮用水', '550ml*24', '箱', 1, '1301', 'B006', 13, 18.5, 26.9),
      g('600302', '6945678900024', '茶语冰红茶', '500ml*15', '箱', 1, '1302', 'B007', 13, 36, 52.5),
      g('600303', '6945678900031', '茶语茉莉绿茶', '500ml*15', '箱', 1, '1302', 'B007', 13, 36, 52.5),
      g('600304', '6945678900048', '清泉橙汁', '1L', '瓶', 12, '1302', 'B006', 13, 8.9, 13.8),
    ],
  },
  {
    code: '100004',
    name: '南京金穗粮油有限公司',
    creditCode: creditCode('91320102MA1P9A5N6'),
    mode: '经销',
    cycle: '月结',
    termDays: 60,
    phone: '13900139004',
    goods: [
      g('600401', '6956789000013', '金穗东北大米', '5kg', '袋', 4, '1101', 'B008', 9, 32.5, 45.9),
      g('600402', '6956789000020', '金穗高筋小麦粉', '2.5kg', '袋', 6, '1101', 'B008', 9, 14.8, 21.5),
      g('600403', '6956789000037', '香满园压榨花生油', '5L', '桶', 4, '1102', 'B009', 9, 89, 129.9),
      g('600404', '6956789000044', '香满园鲜味生抽', '500ml', '瓶', 12, '1103', 'B009', 13, 6.2, 9.5),
    ],
  },
  {
    code: '100005',
    name: '嘉兴洁雅日化有限公司',
    creditCode: creditCode('91330402MA2B1C6P7'),
    mode: '经销',
    cycle: '周结',
    termDays: 30,
    phone: '13900139005',
    goods: [
      g('600501', '6967890000019', '洁雅去屑洗发水', '750ml', '瓶', 12, '1401', 'B010', 13, 29.9, 45.9),
      g('600502', '6967890000026', '柔润护发素', '400ml', '瓶', 12, '1401', 'B011', 13, 19.8, 32.9),
      g('600503', '6967890000033', '洁雅薰衣草洗衣液', '3kg', '瓶', 4, '1402', 'B010', 13, 26.5, 39.9),
      g('600504', '6967890000040', '柔润抽纸', '130抽*6包', '提', 8, '1403', 'B011', 13, 13.9, 19.9),
    ],
  },
];

/** The staff roles of the settlement review steps (settlement.stepRoles) and their demo accounts. */
export const settlementRoles: { code: string; name: string; account: string; person: string; phone: string }[] = [
  { code: settlement.stepRoles['审核'], name: '结算审核员', account: 'clerk01', person: '郑洁', phone: '13700137003' },
  { code: settlement.stepRoles['发票确认'], name: '发票审核员', account: 'invoice01', person: '冯涛', phone: '13700137004' },
  { code: settlement.stepRoles['审批'], name: '财务审批员', account: 'finance01', person: '何静', phone: '13700137005' },
  { code: settlement.stepRoles['支付'], name: '出纳', account: 'cashier01', person: '高峰', phone: '13700137006' },
];

/**
 * The receiving role (收货员) and its demo account: the staff screen 收货 (ms0115, migration 0038) and the home page.
 * Migration 0038 adds the role to existing tenants; the seed adds the account.
 */
export const receivingRole = { code: 'receiving', name: '收货员', account: 'recv01', person: '吴强', phone: '13700137007' };

/** The menu: module code, parent, title, path, component, icon; `roles` lists the staff roles that hold it. */
export interface DemoModule {
  code: string;
  parent?: string;
  name: string;
  path: string;
  component?: string;
  icon?: string;
  kind?: 'page' | 'folder' | 'frame' | 'sso' | 'dynamic';
  url?: string;
  hidden?: boolean;
  affix?: boolean;
  audience?: 'all' | 'supplier' | 'staff';
  /** Held by the staff role 'buyer' too (admin holds every module). */
  buyer?: boolean;
  /** Held by the staff role 'qualification' (资质审核员: the certificate step of reviews, account qc01). */
  qualification?: boolean;
  /** Held by the staff roles of the settlement review steps (settlement.stepRoles: clerk01, invoice01, finance01, cashier01). */
  settlement?: boolean;
  /** Granted to the demo child account 100001-01. */
  child?: boolean;
  /** `supplierOnly`: a supplier's answer (ms0022 confirm, decline) that no staff role but admin is granted. */
  buttons?: { code: string; name: string; supplierOnly?: boolean }[];
}

export const modules: DemoModule[] = [
  {
    code: 'ms0014',
    name: '首页',
    path: '/dashboard',
    component: 'dashboard/index',
    icon: 'dashboard',
    affix: true,
    buyer: true,
    qualification: true,
    settlement: true,
    child: true,
  },
  { code: 'ms0020', name: '报表查询', path: '/report', kind: 'folder', icon: 'chart', buyer: true, child: true },
  {
    code: 'ms0021',
    parent: 'ms0020',
    name: '验收统计',
    path: '/acceptance',
    component: 'acceptance/index',
    buyer: true,
    child: true,
    buttons: [{ code: 'export', name: '导出' }],
  },
  {
    code: 'ms0022',
    parent: 'ms0020',
    name: '采购订单',
    path: '/purOrder',
    component: 'purchase-order/index',
    buyer: true,
    child: true,
    buttons: [
      { code: 'print', name: '打印' },
      { code: 'export', name: '导出' },
      // Migration 0037 adds these two (and the staff monitor ms0113, which the admin role holds like every module).
      { code: 'confirm', name: '确认', supplierOnly: true },
      { code: 'decline', name: '拒绝', supplierOnly: true },
    ],
  },
  { code: 'ms0030', name: '结算管理', path: '/settlement', kind: 'folder', icon: 'money', settlement: true },
  {
    code: 'ms0031',
    parent: 'ms0030',
    name: '结算单',
    path: '/samBill',
    component: 'settlement/index',
    settlement: true,
    buttons: [
      { code: 'save', name: '保存' },
      { code: 'apply', name: '提交' },
      { code: 'delete', name: '删除' },
      { code: 'export', name: '导出' },
    ],
  },
  {
    code: 'ms0032',
    parent: 'ms0030',
    name: '费用明细',
    path: '/samCharges',
    component: 'settlement/charges',
    settlement: true,
    buttons: [
      { code: 'dispute', name: '异议' },
      { code: 'export', name: '导出' },
    ],
  },
  {
    code: 'ms0040',
    name: '资质证照',
    path: '/ctfType',
    component: 'certificate/index',
    icon: 'documentation',
    buttons: [{ code: 'upload', name: '上传' }],
  },
  {
    code: 'ms0050',
    name: '账号管理',
    path: '/employee',
    component: 'user/employee',
    icon: 'peoples',
    audience: 'supplier',
    buttons: [
      { code: 'add', name: '新增' },
      { code: 'edit', name: '修改' },
      { code: 'delete', name: '删除' },
      { code: 'resetPwd', name: '重置密码' },
      { code: 'enable', name: '启用/停用' },
      { code: 'endSessions', name: '结束会话' },
    ],
  },
  {
    code: 'ms0060',
    name: '新品申请审核',
    path: '/goodsApplyAudit',
    component: 'workflow/goods-apply',
    icon: 'form',
    audience: 'staff',
    buyer: true,
    qualification: true,
  },
  { code: 'ms0045', name: '供应商商城', path: '/sso/ms0045', kind: 'sso', url: 'https://mall.example.com/sso', icon: 'shopping' },
  { code: 'ms0062', name: '电子发票平台', path: '/sso/ms0062', kind: 'sso', url: 'https://invoice.example.com/sso', icon: 'invoice' },
  { code: 'ms0066', name: '银企直连', path: '/sso/ms0066', kind: 'sso', url: 'https://bank.example.com/sso', icon: 'bank' },
  { code: 'ms0070', name: '物流协同', path: '/tms', kind: 'frame', url: 'https://tms.example.com/portal', icon: 'guide' },
  {
    code: 'ms0063',
    name: '供应商准入审核',
    path: '/supplierApplyAudit',
    component: 'supplier-apply/review',
    icon: 'form',
    audience: 'staff',
    buyer: true,
    qualification: true,
  },
  {
    code: 'ms0064',
    name: '供应商历史',
    path: '/ZeroMaster/historySupplier',
    component: 'supplier-apply/history',
    audience: 'staff',
    hidden: true,
    buttons: [{ code: 'status', name: '变更状态' }],
  },
  {
    code: 'ms0116',
    name: '预约送货',
    path: '/deliveryBooking',
    component: 'dock/booking',
    icon: 'guide',
    audience: 'supplier',
    child: true,
    buttons: [
      { code: 'book', name: '预约' },
      { code: 'cancel', name: '取消预约' },
    ],
  },
  { code: 'ms0117', name: '月台预约', path: '/dockBoard', component: 'dock/board', icon: 'guide', audience: 'staff' },
];
