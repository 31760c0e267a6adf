// HAProxy's admin socket of the cluster that scripts/cluster/start.sh makes (CLUSTER_DIR, /tmp/portal-ha).
import net from 'node:net';
import path from 'node:path';

export const clusterDir = process.env.CLUSTER_DIR ?? '/tmp/portal-ha';

/** A command on HAProxy's admin socket (`enable server portal_nodes/node2`...), and its answer. */
export function haproxy(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(path.join(clusterDir, 'haproxy', 'admin.sock'));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`${command}\n`);
  });
}
