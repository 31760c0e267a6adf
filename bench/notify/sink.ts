// The webhook receiver of bench:notify-deliveries, in a process of its own: answers every POST 200 at once and
// counts what it got, and the distinct delivery keys (X-Portal-Delivery) among them; 'count' asks for both.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

if (!process.send) throw new Error('started by bench-notify.ts');
let received = 0;
const keys = new Set<string>();
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received++;
    keys.add(String(request.headers['x-portal-delivery']));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on('message', (message: { id: number; ask: 'count' | 'close' }) => {
  if (message.ask === 'count') process.send!({ id: message.id, received, distinct: keys.size });
  else server.close(() => process.send!({ id: message.id }, () => process.exit(0)));
});
