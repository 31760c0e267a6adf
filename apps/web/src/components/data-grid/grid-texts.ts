// The DataGrid's texts, as a `grid` namespace of the app's i18next (zh-CN default, en).
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

const zhCN = {
  region: '数据表格',
  marks: { filtered: '已筛选', asc: '升序', desc: '降序' },
  multiArea: '无法对多个选择区域进行此操作：表格只支持一个连续的选择区域',
  extendRange: '填充区域无效：{{reason}}',
  extendReadonly: '目标区域包含不可编辑的列',
  editRejected: '{{count}} 个单元格的值不符合列类型，未修改：{{first}}',
  find: {
    title: '查找和替换', tabFind: '查找', tabReplace: '替换', text: '查找内容', replacement: '替换为',
    regex: '正则表达式', wholeWord: '全字匹配', caseSensitive: '区分大小写',
    findNext: '查找下一个', findAll: '查找全部', replace: '替换', replaceAll: '全部替换',
    results: '查找结果', seq: '序号', cell: '单元格', value: '值', position: '第 {{row}} 行 · {{column}}',
    found: '共找到 {{count}} 个单元格', notFound: '未找到匹配的单元格（not found）', replaced: '全部替换完成，共替换 {{count}} 处',
  },
  menu: {
    of: '{{title}} 筛选', sortAsc: '升序', sortDesc: '降序', pinLeft: '左固定', pinRight: '右固定', unpin: '取消固定',
    clear: '清除筛选', condition: '筛选条件', value: '筛选值', placeholder: '条件', betweenHint: '如 10,20',
    sensitive: '区分大小写', custom: '自定义筛选…', customTitle: '自定义筛选：{{title}}', conditionN: '条件{{n}}', valueN: '值{{n}}',
    and: '与 (and)', or: '或 (or)', mode: '条件关系', search: '搜索值', selectAll: '全选', blank: '(空白)', values: '值列表',
    more: '仅列出前 {{count}} 项，请搜索', ok: '确定', cancel: '取消',
  },
  conditions: {
    contains: '包含', notContains: '不包含', equals: '等于', notEquals: '不等于', beginsWith: '开头是', endsWith: '结尾是',
    empty: '为空', notEmpty: '不为空', eq: '=', ne: '≠', gt: '>', ge: '≥', lt: '<', le: '≤', between: '介于',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

const en: Texts<typeof zhCN> = {
  region: 'Data grid',
  marks: { filtered: 'filtered', asc: 'ascending', desc: 'descending' },
  multiArea: 'This cannot be done on several selected areas: the grid selects one continuous area',
  extendRange: 'Invalid fill area: {{reason}}',
  extendReadonly: 'the target contains read-only columns',
  editRejected: '{{count}} cells do not fit their column and were left unchanged: {{first}}',
  find: {
    title: 'Find and replace', tabFind: 'Find', tabReplace: 'Replace', text: 'Find what', replacement: 'Replace with',
    regex: 'Regular expression', wholeWord: 'Whole word', caseSensitive: 'Case sensitive',
    findNext: 'Find next', findAll: 'Find all', replace: 'Replace', replaceAll: 'Replace all',
    results: 'Results', seq: '#', cell: 'Cell', value: 'Value', position: 'Row {{row}} · {{column}}',
    found: '{{count}} cells found', notFound: 'not found', replaced: 'Replaced {{count}} cells',
  },
  menu: {
    of: '{{title}} filter', sortAsc: 'Sort ascending', sortDesc: 'Sort descending', pinLeft: 'Fix left', pinRight: 'Fix right',
    unpin: 'Unfix', clear: 'Clear filter', condition: 'Condition', value: 'Filter value', placeholder: 'Condition', betweenHint: 'e.g. 10,20',
    sensitive: 'Case sensitive', custom: 'Custom…', customTitle: 'Custom filter: {{title}}', conditionN: 'Condition {{n}}', valueN: 'Value {{n}}',
    and: 'And', or: 'Or', mode: 'Join', search: 'Search values', selectAll: 'Select all', blank: '(Blank)', values: 'Values',
    more: 'First {{count}} shown, search for more', ok: 'OK', cancel: 'Cancel',
  },
  conditions: {
    contains: 'Contains', notContains: 'Does not contain', equals: 'Equals', notEquals: 'Does not equal', beginsWith: 'Begins with',
    endsWith: 'Ends with', empty: 'Is empty', notEmpty: 'Is not empty', eq: '=', ne: '≠', gt: '>', ge: '≥', lt: '<', le: '≤', between: 'Between',
  },
};

i18n.addResourceBundle('zh-CN', 'grid', zhCN, true, false);
i18n.addResourceBundle('en', 'grid', en, true, false);

export const useGridTexts = () => useTranslation('grid').t;
