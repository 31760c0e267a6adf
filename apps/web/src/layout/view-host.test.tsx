// @vitest-environment jsdom
// Kept tabs: every visited page stays mounted, hidden when it is not the current one; moving between other pages
// does not render the hidden ones again (a page that reads the router, as most do through useNavigate, rendered
// again on every menu click, so each open tab made every click slower).
import { menu } from '@portal/contract';
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, useNavigate } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageRoute } from '../lib/routes';
import { useTagsViewStore } from '../stores/tags-view';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../test/page';
import { ViewHost } from './view-host';

beforeAll(installBrowserParts);

const route = (path: string, title: string): PageRoute => ({ path, title, component: 'x', moudleCode: 'm', hidden: false, noCache: false });
const paths = ['/dashboard', '/a', '/b', '/c'];
const routes = paths.map((path) => route(path, `页面${path}`));

const renders: Record<string, number> = {};
let go: (path: string) => void = () => undefined;

const count = (path: string) => {
  renders[path] = (renders[path] ?? 0) + 1;
};

/** A page that reads the router as pages do, counting its renders; the current one hands out its navigate. */
function RouterPage({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => count(path));
  useEffect(() => {
    go = (to) => void navigate(to);
  });
  return <p>{`内容${path}`}</p>;
}

beforeEach(() => {
  signIn();
  fakeServer([[menu.getExternalModules, []]]);
  useTagsViewStore.setState({ views: [], unsaved: {} });
  for (const path of paths) delete renders[path];
});

describe('view host', () => {
  it('keeps visited pages mounted and does not render the hidden ones again on a move between others', async () => {
    renderPage(
      <ViewHost routes={routes}>
        {paths.map((path) => (
          <Route key={path} path={path} element={<RouterPage path={path} />} />
        ))}
      </ViewHost>,
      { path: '/a' },
    );
    await screen.findByText('内容/a');
    for (const path of ['/b', '/c']) {
      act(() => go(path));
      await screen.findByText(`内容${path}`);
    }
    // /a and /b are kept, hidden; /c is on screen.
    expect(screen.getByText('内容/a').closest('[data-view]')?.hasAttribute('hidden')).toBe(true);
    expect(screen.getByText('内容/b').closest('[data-view]')?.hasAttribute('hidden')).toBe(true);
    expect(screen.getByText('内容/c').closest('[data-view]')?.hasAttribute('hidden')).toBe(false);

    const before = { ...renders };
    for (const path of ['/dashboard', '/c', '/dashboard', '/c']) {
      act(() => go(path));
      await screen.findByText(`内容${path}`);
    }
    // /a and /b stayed hidden all along: not one render more.
    expect(renders['/a']).toBe(before['/a']);
    expect(renders['/b']).toBe(before['/b']);
    expect(renders['/c']).toBeGreaterThan(before['/c']!);

    // Back to /a: it shows again with what it had (mounted, not remounted).
    act(() => go('/a'));
    expect(screen.getByText('内容/a').closest('[data-view]')?.hasAttribute('hidden')).toBe(false);
  });
});
