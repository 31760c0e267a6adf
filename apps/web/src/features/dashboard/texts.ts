// Texts of the dashboard (zh-CN default, en), merged into the app's translations by i18n/index.ts.
import type { Texts } from '../../i18n/texts';

export const zhCN = {
  dashboard: {
    welcome: '欢迎使用供应商协同平台',
    businessDate: '业务日期 {{date}}',
    view: '查看',
    openOrders: '未完成采购订单',
    openOrdersDetail: '{{count}} 张，其中待确认 {{toConfirm}} 张',
    receiving: '本月验收金额',
    receivingDetail: '{{change}}（上月全月 {{lastMonth}}）',
    same: '持平',
    lastMonthZero: '上月同期为 0',
    versusLastMonth: '较上月同期 {{pct}}%',
    settlement: '待处理结算单',
    settlementDetail: '{{count}} 张待提交，未付合计 {{unpaid}}',
    trend: '近 12 个月验收金额（含税）',
    trendChart: '验收金额趋势图',
    statuses: '近 90 天订单状态',
    statusChart: '订单状态分布图',
    certificates: {
      title: '资质证照',
      label: '资质证照提醒',
      missing: '缺失',
      expiring: '30 天内到期',
      expired: '已过期',
      soon: '即将到期',
      daysLeft: '剩余 {{days}} 天',
      expiredDays: '已过期 {{days}} 天',
    },
  },
} as const;

export const en: Texts<typeof zhCN> = {
  dashboard: {
    welcome: 'Welcome to the supplier collaboration portal',
    businessDate: 'business date {{date}}',
    view: 'View',
    openOrders: 'Open purchase orders',
    openOrdersDetail: '{{count}} orders, {{toConfirm}} to confirm',
    receiving: 'Received this month',
    receivingDetail: '{{change}} (last month in all {{lastMonth}})',
    same: 'same as last month',
    lastMonthZero: 'nothing in the same days of last month',
    versusLastMonth: '{{pct}}% against the same days of last month',
    settlement: 'Settlement bills to handle',
    settlementDetail: '{{count}} to submit, {{unpaid}} unpaid in all',
    trend: 'Received amount, last 12 months (tax included)',
    trendChart: 'Trend of the received amount',
    statuses: 'Order states, last 90 days',
    statusChart: 'Orders by state',
    certificates: {
      title: 'Certificates',
      label: 'Certificate reminders',
      missing: 'Missing',
      expiring: 'Expiring within 30 days',
      expired: 'Expired',
      soon: 'Expiring',
      daysLeft: '{{days}} days left',
      expiredDays: 'expired {{days}} days ago',
    },
  },
};
