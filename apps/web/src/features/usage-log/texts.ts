// Texts of the module usage page (zh-CN default, en), merged into the app's translations by i18n/index.ts.
import type { Texts } from '../../i18n/texts';

export const zhCN = {
  moduleUsage: {
    title: '模块使用统计',
    range: '统计区间',
    columns: { moduleCode: '模块编码', moduleName: '模块名称', visits: '访问次数', users: '访问人数', stay: '停留时长' },
    hours: '{{value}} 小时',
    minutes: '{{value}} 分钟',
    seconds: '{{value}} 秒',
  },
};

export const en: Texts<typeof zhCN> = {
  moduleUsage: {
    title: 'Module usage',
    range: 'Period',
    columns: { moduleCode: 'Module code', moduleName: 'Module', visits: 'Visits', users: 'Users', stay: 'Time spent' },
    hours: '{{value}} h',
    minutes: '{{value}} min',
    seconds: '{{value}} s',
  },
};
