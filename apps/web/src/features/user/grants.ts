// A child's grants as a checkable tree: modules with their buttons below them. A module with buttons gets
// an "open the page" leaf of its own, so that it can be granted without any of its buttons; a folder is
// granted when anything below it is.
import type { ResourceNode } from '@portal/contract';
import type { Grant } from './api';

export interface GrantNode {
  key: string;
  title: string;
  children?: GrantNode[];
}

const moduleKey = (code: string) => `m:${code}`;
const openKey = (code: string) => `o:${code}`;
const buttonKey = (module: string, button: string) => `b:${module}:${button}`;

/** The tree's words in the user's language: the "open the page" leaf, a module's and a button's name. */
export interface GrantNames {
  open: string;
  module(node: ResourceNode): string;
  button(button: ResourceNode['buttons'][number]): string;
}

export function grantTree(resources: ResourceNode[], names: GrantNames): GrantNode[] {
  return resources.map((node) => {
    const below: GrantNode[] = [
      ...(node.buttons.length ? [{ key: openKey(node.moudleCode), title: names.open }] : []),
      ...node.buttons.map((b) => ({ key: buttonKey(node.moudleCode, b.buttonCode), title: names.button(b) })),
      ...grantTree(node.children, names),
    ];
    const title = names.module(node);
    return below.length ? { key: moduleKey(node.moudleCode), title, children: below } : { key: moduleKey(node.moudleCode), title };
  });
}

/** The leaves to tick for a grant; the tree derives the state of everything above them. */
export function checkedLeaves(resources: ResourceNode[], grant: Pick<Grant, 'moduleCodes' | 'buttons'>): string[] {
  const modules = new Set(grant.moduleCodes);
  const buttons = new Set(grant.buttons.map((b) => buttonKey(b.moudleCode, b.buttonCode)));
  const out: string[] = [];
  const walk = (nodes: ResourceNode[]) => {
    for (const node of nodes) {
      if (!modules.has(node.moudleCode)) continue;
      if (node.buttons.length) out.push(openKey(node.moudleCode));
      else if (!node.children.length) out.push(moduleKey(node.moudleCode));
      for (const b of node.buttons)
        if (buttons.has(buttonKey(node.moudleCode, b.buttonCode))) out.push(buttonKey(node.moudleCode, b.buttonCode));
      walk(node.children);
    }
  };
  walk(resources);
  return out;
}

/** The grant of the ticked leaves: every module with something ticked at or below it, and the ticked buttons. */
export function grantOf(resources: ResourceNode[], checked: readonly string[], employeeCode: string): Grant {
  const ticked = new Set(checked);
  const moduleCodes: string[] = [];
  const buttons: Grant['buttons'] = [];
  const walk = (nodes: ResourceNode[]): boolean => {
    let any = false;
    for (const node of nodes) {
      const own = node.buttons.filter((b) => ticked.has(buttonKey(node.moudleCode, b.buttonCode)));
      // Parents before children, as the menu lists them.
      const at = { modules: moduleCodes.length, buttons: buttons.length };
      const below = walk(node.children);
      const granted = ticked.has(moduleKey(node.moudleCode)) || ticked.has(openKey(node.moudleCode)) || own.length > 0 || below;
      if (granted) {
        moduleCodes.splice(at.modules, 0, node.moudleCode);
        buttons.splice(at.buttons, 0, ...own.map((b) => ({ moudleCode: node.moudleCode, buttonCode: b.buttonCode })));
      }
      any ||= granted;
    }
    return any;
  };
  walk(resources);
  return { employeeCode, moduleCodes, buttons };
}
