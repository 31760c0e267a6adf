import type { ResourceNode } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkedLeaves, grantOf, grantTree } from './grants';

const node = (moudleCode: string, name: string, buttons: string[] = [], children: ResourceNode[] = []): ResourceNode => ({
  moudleCode,
  name,
  buttons: buttons.map((b) => ({ buttonCode: b, name: b })),
  children,
});
const resources = [
  node('ms0014', '首页'),
  node('ms0020', '报表查询', [], [node('ms0021', '验收统计', ['export']), node('ms0022', '采购订单', ['print', 'export'])]),
];

describe('grants tree', () => {
  it('puts buttons under their module with an own leaf for opening the page', () => {
    const tree = grantTree(resources, { open: '访问', module: (n) => n.name, button: (b) => b.name });
    expect(tree[0]).toEqual({ key: 'm:ms0014', title: '首页' });
    expect(tree[1]!.children![1]!.children!.map((c) => c.key)).toEqual(['o:ms0022', 'b:ms0022:print', 'b:ms0022:export']);
  });

  it('names modules and buttons as the caller says (the English tree)', () => {
    const tree = grantTree([{ ...resources[1]!, nameEn: 'Reports' }], {
      open: 'View',
      module: (n) => n.nameEn ?? n.name,
      button: (b) => b.name.toUpperCase(),
    });
    expect(tree[0]!.title).toBe('Reports');
    expect(tree[0]!.children![1]!.children!.map((c) => c.title)).toEqual(['View', 'PRINT', 'EXPORT']);
  });

  it('round-trips a grant through the ticked leaves, folders included by what is below them', () => {
    const grant = {
      employeeCode: '100001-02',
      moduleCodes: ['ms0020', 'ms0022'],
      buttons: [{ moudleCode: 'ms0022', buttonCode: 'print' }],
    };
    const leaves = checkedLeaves(resources, grant);
    expect(leaves).toEqual(['o:ms0022', 'b:ms0022:print']);
    expect(grantOf(resources, leaves, '100001-02')).toEqual(grant);
  });

  it('grants a module with none of its buttons, and a module through a ticked button alone', () => {
    expect(grantOf(resources, ['o:ms0021'], 'c').moduleCodes).toEqual(['ms0020', 'ms0021']);
    expect(grantOf(resources, ['b:ms0021:export'], 'c')).toEqual({
      employeeCode: 'c',
      moduleCodes: ['ms0020', 'ms0021'],
      buttons: [{ moudleCode: 'ms0021', buttonCode: 'export' }],
    });
    expect(grantOf(resources, ['m:ms0014'], 'c').moduleCodes).toEqual(['ms0014']);
    expect(grantOf(resources, [], 'c')).toEqual({ employeeCode: 'c', moduleCodes: [], buttons: [] });
  });
});
