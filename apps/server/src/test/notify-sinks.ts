// Test sinks of notifications: an HTTP server that records what robots and webhooks receive and answers as the
// test says (a platform's JSON, an error status, silence), and a real SMTP server (smtp-server) whose mails are
// parsed with mailparser. Never a mock of the mail client or of http.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpSink {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** How the sink answers each request (default 200 with `{"errcode":0,"errmsg":"ok"}`); null: never answers. */
  answer: (request: ReceivedRequest) => { status: number; body: string } | null;
  close(): Promise<void>;
}

export async function httpSink(): Promise<HttpSink> {
  const received: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const sink: HttpSink = {
    url: '',
    port: 0,
    received,
    answer: () => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}' }),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: ReceivedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(got);
      const answer = sink.answer(got);
      if (!answer) {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.port = (server.address() as AddressInfo).port;
  sink.url = `http://127.0.0.1:${sink.port}`;
  return sink;
}

export interface SmtpSink {
  url: string;
  mails: ParsedMail[];
  /** Waits until `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Refuse recipients (550) while true. */
  refuseRecipients: boolean;
  close(): Promise<void>;
}

export async function smtpSink(): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const sink: SmtpSink = {
    url: '',
    mails,
    refuseRecipients: false,
    waitFor: async (count, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > until) throw new Error(`${mails.length} mails arrived, not ${count}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (sink.refuseRecipients) {
        const refusal = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        callback(refusal);
      } else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
