// Group robots of 企业微信, 钉钉 and 飞书: each platform's documented webhook message (markdown, or 飞书's rich
// text "post"), its signature where the robot has a 加签 secret, and its answer read as the platform means it
// (HTTP 200 with errcode/code other than 0 is a failure).
//   企业微信 https://developer.work.weixin.qq.com/document/path/91770 (群机器人: markdown, no signature)
//   钉钉   https://open.dingtalk.com/document/robots/customize-robot-security-settings (加签: timestamp and sign
//          in the URL; sign = base64(HMAC-SHA256(secret, `${timestamp}\n${secret}`)), timestamp in ms)
//   飞书   https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (签名校验: timestamp (s) and sign in
//          the body; sign = base64(HMAC-SHA256 keyed by `${timestamp}\n${secret}` over an empty message))
import { createHmac } from 'node:crypto';
import type { Language } from '@portal/contract';
import type { EndpointKind } from '../../../db/schema';
import { type RenderedMessage, portalName } from '../message';

export type RobotKind = Exclude<EndpointKind, 'webhook'>;

const viewText: Record<Language, string> = { 'zh-CN': '查看详情', en: 'Open in the portal' };

/** 企业微信 takes at most 4096 bytes of markdown; the others more, but a robot message stays short. */
const maxContentBytes = 4000;

function cut(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let out = text;
  while (Buffer.byteLength(out) > bytes - 3) out = out.slice(0, Math.floor(out.length * 0.9));
  return `${out}…`;
}

/** A robot's markdown: the portal's name (a 关键词 a 钉钉 robot may require), the title, the body, the link. */
function markdownOf(message: RenderedMessage, link: string, language: Language, heading: (title: string) => string): string {
  const body = message.body
    .split('\n')
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');
  return cut(`${heading(message.title)}\n${body}\n\n[${viewText[language]}](${link})\n\n— ${portalName[language]}`, maxContentBytes);
}

/** 钉钉's and 飞书's signatures. */
export const dingtalkSign = (secret: string, timestampMs: number) =>
  createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');
export const feishuSign = (secret: string, timestampSeconds: number) =>
  createHmac('sha256', `${timestampSeconds}\n${secret}`).update('', 'utf8').digest('base64');

export interface RobotRequest {
  url: string;
  body: string;
}

/** The request a robot takes for a message, signed with `secret` when it has one, at `now`. */
export function robotRequest(
  kind: RobotKind,
  target: { url: string; secret: string },
  message: RenderedMessage,
  link: string,
  language: Language,
  now: Date,
): RobotRequest {
  if (kind === 'wecom')
    return {
      url: target.url,
      body: JSON.stringify({ msgtype: 'markdown', markdown: { content: markdownOf(message, link, language, (title) => `**${title}**`) } }),
    };
  if (kind === 'dingtalk') {
    let url = target.url;
    if (target.secret) {
      const timestamp = now.getTime();
      const signed = new URL(target.url);
      signed.searchParams.set('timestamp', String(timestamp));
      signed.searchParams.set('sign', dingtalkSign(target.secret, timestamp));
      url = signed.toString();
    }
    return {
      url,
      body: JSON.stringify({
        msgtype: 'markdown',
        markdown: { title: cut(message.title, 200), text: markdownOf(message, link, language, (title) => `#### ${title}`) },
      }),
    };
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  const locale = language === 'en' ? 'en_us' : 'zh_cn';
  const lines = message.body.split('\n').filter((line) => line.trim());
  const post = {
    title: cut(message.title, 200),
    content: [
      ...lines.map((line) => [{ tag: 'text', text: cut(line, 1000) }]),
      [{ tag: 'a', text: viewText[language], href: link }],
      [{ tag: 'text', text: portalName[language] }],
    ],
  };
  return {
    url: target.url,
    body: JSON.stringify({
      ...(target.secret ? { timestamp: String(timestamp), sign: feishuSign(target.secret, timestamp) } : {}),
      msg_type: 'post',
      content: { post: { [locale]: post } },
    }),
  };
}

/**
 * Why a robot's answer is a failure, '' when it is not: any status but 2xx, or the platform's error code in
 * the JSON (企业微信 and 钉钉 `errcode`, 飞书 `code` or, from older robots, `StatusCode`).
 */
export function robotFailure(status: number, body: string): string {
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return 'the answer is not JSON';
  }
  if (!answer || typeof answer !== 'object') return 'the answer is not a JSON object';
  const a = answer as Record<string, unknown>;
  const code = a.errcode ?? a.code ?? a.StatusCode;
  if (code === undefined) return '';
  if (code === 0 || code === '0') return '';
  const text = a.errmsg ?? a.msg ?? a.StatusMessage ?? '';
  return `error ${String(code)}: ${String(text)}`;
}
