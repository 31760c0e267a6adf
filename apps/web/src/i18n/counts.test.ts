// Every text that takes a count: English says "1 file" and "2 files"; Chinese, with one plural form, reads
// exactly as it did before the English got its singular.
import { describe, expect, it } from 'vitest';
import i18n from '.';
import '../components/data-grid/grid-texts';

interface Count {
  key: string;
  ns?: string;
  options?: Record<string, string>;
  en: [one: string, two: string];
  zh: [one: string, two: string];
}

const counts: Count[] = [
  { key: 'files.tooMany', en: ['At most 1 file', 'At most 2 files'], zh: ['最多 1 个文件', '最多 2 个文件'] },
  {
    key: 'files.tooManyAtOnce',
    en: ['At most 1 file at once', 'At most 2 files at once'],
    zh: ['一次最多上传 1 个文件', '一次最多上传 2 个文件'],
  },
  {
    key: 'pickers.moreGoods',
    en: ['1 more item: type more to narrow the search', '2 more items: type more to narrow the search'],
    zh: ['还有 1 个商品，请输入更多字查找', '还有 2 个商品，请输入更多字查找'],
  },
  {
    key: 'password.expiresSoon',
    en: ['Your password expires in 1 day.', 'Your password expires in 2 days.'],
    zh: ['您的密码将在 1 天后过期，请及时修改。', '您的密码将在 2 天后过期，请及时修改。'],
  },
  {
    key: 'editRejected',
    ns: 'grid',
    options: { first: 'x' },
    en: ['1 cell does not fit its column and was left unchanged: x', '2 cells do not fit their column and were left unchanged: x'],
    zh: ['1 个单元格的值不符合列类型，未修改：x', '2 个单元格的值不符合列类型，未修改：x'],
  },
  { key: 'find.found', ns: 'grid', en: ['1 cell found', '2 cells found'], zh: ['共找到 1 个单元格', '共找到 2 个单元格'] },
  {
    key: 'find.replaced',
    ns: 'grid',
    en: ['Replaced 1 cell', 'Replaced 2 cells'],
    zh: ['全部替换完成，共替换 1 处', '全部替换完成，共替换 2 处'],
  },
  {
    key: 'menu.more',
    ns: 'grid',
    en: ['Only the first value shown, search for more', 'First 2 shown, search for more'],
    zh: ['仅列出前 1 项，请搜索', '仅列出前 2 项，请搜索'],
  },
  { key: 'certificate.daysLeft', en: ['1 day left', '2 days left'], zh: ['剩余 1 天', '剩余 2 天'] },
  { key: 'certificate.expiredDays', en: ['expired 1 day ago', 'expired 2 days ago'], zh: ['已过期 1 天', '已过期 2 天'] },
  { key: 'dashboard.certificates.daysLeft', en: ['1 day left', '2 days left'], zh: ['剩余 1 天', '剩余 2 天'] },
  { key: 'dashboard.certificates.expiredDays', en: ['expired 1 day ago', 'expired 2 days ago'], zh: ['已过期 1 天', '已过期 2 天'] },
  {
    key: 'dashboard.openOrdersDetail',
    options: { toConfirm: '0' },
    en: ['1 order, 0 to confirm', '2 orders, 0 to confirm'],
    zh: ['1 张，其中待确认 0 张', '2 张，其中待确认 0 张'],
  },
  { key: 'session.endedOthers', en: ['1 session signed out', '2 sessions signed out'], zh: ['已退出 1 个会话', '已退出 2 个会话'] },
  { key: 'employee.endSessionsDone', en: ['1 session ended', '2 sessions ended'], zh: ['已结束 1 个会话', '已结束 2 个会话'] },
  { key: 'goodsApply.daysLeft', en: ['1 day left', '2 days left'], zh: ['剩余 1 天', '剩余 2 天'] },
  { key: 'baseData.busOption.count', en: ['1 item', '2 items'], zh: ['1 项', '2 项'] },
  { key: 'dynamicQuery.total', en: ['1 row', '2 rows'], zh: ['共 1 行', '共 2 行'] },
  {
    key: 'dynamicQuery.designer.testResult',
    options: { ms: '5', shown: '1' },
    en: ['Test run: 1 row in 5 ms (first 1 shown)', 'Test run: 2 rows in 5 ms (first 1 shown)'],
    zh: ['试运行结果：1 行，用时 5 毫秒（显示前 1 行）', '试运行结果：2 行，用时 5 毫秒（显示前 1 行）'],
  },
  { key: 'purchaseOrder.detail.days', en: ['1 day', '2 days'], zh: ['1 天', '2 天'] },
  {
    key: 'purchaseOrder.detail.shortLines',
    options: { qty: '3' },
    en: ['1 line short, by 3.', '2 lines short, by 3 in all.'],
    zh: ['1 个品项未足量到货，共欠交 3。', '2 个品项未足量到货，共欠交 3。'],
  },
  { key: 'settlement.editor.pickedCount', en: ['1 document picked', '2 documents picked'], zh: ['已选 1 张单据', '已选 2 张单据'] },
  { key: 'settlement.detail.days', en: ['1 day', '2 days'], zh: ['1 天', '2 天'] },
  { key: 'settlement.attachments.uploaded', en: ['1 file uploaded', '2 files uploaded'], zh: ['已上传 1 个文件', '已上传 2 个文件'] },
];

describe('texts that take a count', () => {
  it.each(counts)('$key says one in the English singular and two in the plural', ({ key, ns, options, en }) => {
    const t = i18n.getFixedT('en', ns ?? 'translation');
    expect([t(key, { ...options, count: 1 }), t(key, { ...options, count: 2 })]).toEqual(en);
  });

  it.each(counts)('$key reads in Chinese exactly as before', ({ key, ns, options, zh }) => {
    const t = i18n.getFixedT('zh-CN', ns ?? 'translation');
    expect([t(key, { ...options, count: 1 }), t(key, { ...options, count: 2 })]).toEqual(zh);
  });
});
