// The page tests' one setup: the browser parts jsdom lacks and antd asks for, a signed-in user, a fake server
// that answers the contract's calls and records what each sent, and a page rendered with the app's providers.
import type { CallDef, RouteItem } from '@portal/contract';
import { ClientKeys } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider, Modal, message, notification } from 'antd';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import '../i18n';
import { type UserState, useUserStore } from '../stores/user';

// findBy* and waitFor wait up to 15 s, not 1 s: on a loaded 2-core machine an antd page in jsdom can take
// seconds to answer a click (CI failed on a drawer's validation message that came later than 1 s).
configure({ asyncUtilTimeout: 15_000 });

// Without vitest's globals Testing Library cannot unmount on its own: each test starts from an empty page.
// antd's static message, notification and confirm render in roots of their own, outside the page: they go too,
// and their unmounting runs now, not in a timer that fires after the file's jsdom is gone ("window is not
// defined" from React's scheduler, seen once in a loaded run).
// A call of the test's last click may still be answered while this runs, and its toast would then render after
// the sweep: the sweep runs twice, 50 ms apart.
afterEach(async () => {
  cleanup();
  for (let sweep = 0; sweep < 2; sweep++) {
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

export function installBrowserParts(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // jsdom computes no layout; antd's scroll bar measuring asks for pseudo-element styles it does not support.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
}

/** Signs a test user in: staff or a supplier's account, with the platform number the platform client needs. */
/** An entry of the server's menu (getRouters) for a page at `path` of module `code`, as signIn's `menu` takes it. */
export const menuEntry = (path: string, code: string): RouteItem => ({
  name: code,
  path,
  component: 'x',
  meta: { title: code },
  hidden: false,
  moudleCode: code,
  children: [],
});

export function signIn(user: Partial<UserState> = {}): void {
  document.cookie = `${ClientKeys.csrfCookie}=test-csrf; path=/`;
  useUserStore.setState({
    signedIn: true,
    tenantid: 'demo',
    staff: false,
    employeeCode: '100001',
    employeeName: '张伟',
    supplierCode: '100001',
    supplierName: '测试供应商',
    ...user,
  });
}

/** A call a page sent: its path, JSON body and query. */
export interface SentCall {
  path: string;
  body: unknown;
  query: Record<string, string>;
}

type Answer = (sent: SentCall) => unknown;

/**
 * Answers the contract's calls through fetch with the envelope (`code` '1' and the data the handler gives; a
 * handler that throws an Error answers its message as a refusal; a Response, such as a file, is answered as it
 * is); calls without a handler answer null.
 */
export function fakeServer(answers: [CallDef, Answer | unknown][]) {
  const sent: SentCall[] = [];
  const byPath = new Map(answers.map(([def, answer]) => [`${def.method} ${def.path}`, answer]));
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const call: SentCall = {
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      query: Object.fromEntries(url.searchParams),
    };
    sent.push(call);
    const answer = byPath.get(`${init.method ?? 'GET'} ${path}`);
    let envelope: object;
    try {
      const data = typeof answer === 'function' ? (answer as Answer)(call) : (answer ?? null);
      // A file the call answers (an export, a PDF) goes out as it is, headers and all.
      if (data instanceof Response) return data;
      envelope = { code: '1', data };
    } catch (err) {
      envelope = { code: '0', message: (err as Error).message, data: null };
    }
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return {
    sent,
    /** What the page sent to one call, in order. */
    to: (def: CallDef) => sent.filter((s) => s.path === def.path),
  };
}

/** A file answer for fakeServer: what the server sends for a download (type and name in the headers). */
export function fileAnswer(contentType: string, fileName: string): () => Response {
  return () =>
    new Response('file', { headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName}"` } });
}

/**
 * Catches the files a page saves (jsdom saves none and would try to navigate to the blob): the names, in order.
 * A test that clicks a download waits for its name here, so no answer or warning arrives after the page is gone.
 */
export function savedFiles(): string[] {
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/**
 * Renders a page as the app does (query cache, antd's App, zh-CN texts, the router at `path`), but with antd's
 * zero-runtime theme: its components write no style sheets into jsdom. jsdom matches every rule of every sheet on
 * each getComputedStyle, which Testing Library's *ByRole queries call for every element they consider; with antd's
 * runtime styles the web tests took 310 s of test time on a loaded 2-core machine, without them 71 s (2026-11-27).
 * Nothing here judges how a page looks (the browser tests in e2e/ do): inline styles, classes and the DOM are the
 * same.
 */
export function renderPage(page: ReactNode, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  void i18n.changeLanguage('zh-CN');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <QueryClientProvider client={client}>
        <AntApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={page} />
              <Route path="*" element={<div>elsewhere</div>} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>
    </ConfigProvider>,
  );
}
