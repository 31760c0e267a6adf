#!/usr/bin/env bash
# Starts a highly available portal on this machine, from Debian's packages, on loopback only (docs/operations.md,
# "Several machines"): etcd (one member), two PostgreSQL 15 nodes under Patroni (synchronous_mode: a commit is
# acknowledged once it is on both), HAProxy with a write port on the primary and a read port on the replica (Patroni's
# REST checks), and two portal nodes behind an HAProxy HTTP front with health checks. Everything lives in CLUSTER_DIR;
# scripts/cluster/stop.sh stops it and removes that folder. Nothing here is needed for `npm start` or `npm test`.
#
#   bash scripts/cluster/start.sh            # CLUSTER_DIR=/tmp/portal-ha, ports from CLUSTER_PORT_BASE=27000
#   curl http://127.0.0.1:27080/api/health   # the portal through HAProxy
#
# Ports (base 27000): etcd 27379/27380; PostgreSQL 27432 (pg1), 27433 (pg2); Patroni REST 27008, 27009; HAProxy
# 27500 (writes: the primary), 27501 (reads: the replica, the primary when no replica is up), 27404 (stats page),
# 27080 (the portal); portal nodes 27081, 27082.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
dir=${CLUSTER_DIR:-/tmp/portal-ha}
base=${CLUSTER_PORT_BASE:-27000}
pg_bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
nodes=${PORTAL_NODES:-2}

etcd_client=$((base + 379)) etcd_peer=$((base + 380))
pg_port=($((base + 432)) $((base + 433))) rest_port=($((base + 8)) $((base + 9)))
write_port=$((base + 500)) read_port=$((base + 501)) stats_port=$((base + 404))
http_port=$((base + 80))

for bin in /usr/bin/etcd /usr/bin/patroni /usr/sbin/haproxy "$pg_bin/postgres"; do
  [ -x "$bin" ] || { echo "cluster: $bin is missing (apt-get install etcd-server patroni haproxy postgresql-15)" >&2; exit 1; }
done
if [ -e "$dir/running" ]; then
  echo "cluster: $dir holds a running cluster (scripts/cluster/stop.sh first)" >&2
  exit 1
fi
mkdir -p "$dir"/{etcd,pg1,pg2,haproxy,portal,log}
# PostgreSQL and Patroni refuse to run as root: as root they (and etcd) run as the OS user postgres.
as=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --user-group --no-create-home --shell /usr/sbin/nologin postgres
  chown -R postgres:postgres "$dir"
  chmod 0755 "$dir"
  as=(runuser -u postgres --)
fi
# start NAME COMMAND...: runs COMMAND detached, its pid in $dir/NAME.pid, its output in $dir/log/NAME.log.
start() {
  local name=$1
  shift
  setsid "$@" >"$dir/log/$name.log" 2>&1 </dev/null &
  echo $! >"$dir/$name.pid"
}
# wait_for WHAT SECONDS COMMAND...: until COMMAND succeeds.
wait_for() {
  local what=$1 seconds=$2
  shift 2
  local until=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $until ]; then
      echo "cluster: $what not up after ${seconds} s (logs in $dir/log)" >&2
      exit 1
    fi
    sleep 0.5
  done
}
touch "$dir/running"

echo "cluster: etcd on 127.0.0.1:$etcd_client"
start etcd "${as[@]}" /usr/bin/etcd --name etcd1 --data-dir "$dir/etcd" \
  --listen-client-urls "http://127.0.0.1:$etcd_client" --advertise-client-urls "http://127.0.0.1:$etcd_client" \
  --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
  --initial-cluster "etcd1=http://127.0.0.1:$etcd_peer" --initial-cluster-state new --initial-cluster-token portal-ha
wait_for etcd 30 curl -fsS "http://127.0.0.1:$etcd_client/health"

for i in 0 1; do
  n=pg$((i + 1))
  cat >"$dir/$n/patroni.yml" <<YAML
scope: portal-ha
namespace: /service/
name: $n
restapi:
  listen: 127.0.0.1:${rest_port[$i]}
  connect_address: 127.0.0.1:${rest_port[$i]}
etcd3:
  hosts: 127.0.0.1:$etcd_client
bootstrap:
  dcs:
    # A primary that stops renewing its key is replaced after at most ttl seconds (Patroni's floor is 20 s; its
    # clean stop hands over at once). loop_wait + 2 * retry_timeout <= ttl.
    ttl: 20
    loop_wait: 2
    retry_timeout: 5
    maximum_lag_on_failover: 1048576
    # A primary whose PostgreSQL crashed is failed over to the synchronous standby at once (0) rather than restarted
    # in place (Patroni's default gives it 300 s: crash recovery first, which took 20-30 s here under load). With
    # synchronous_mode the standby holds every acknowledged commit, so nothing is lost either way.
    primary_start_timeout: 0
    # A commit is acknowledged only once the synchronous standby has it; only that standby may be promoted.
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        max_connections: 300
        max_locks_per_transaction: 256
        wal_level: replica
        hot_standby: 'on'
        hot_standby_feedback: 'on'
        wal_log_hints: 'on'
        synchronous_commit: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        fsync: '${CLUSTER_FSYNC:-on}'
  initdb:
  - encoding: UTF8
  - locale: C.UTF-8
  - data-checksums
  pg_hba:
  - local all all trust
  - host replication replicator 127.0.0.1/32 trust
  - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${pg_port[$i]}
  connect_address: 127.0.0.1:${pg_port[$i]}
  data_dir: $dir/$n/data
  bin_dir: $pg_bin
  pgpass: $dir/$n/pgpass
  authentication:
    superuser: {username: postgres, password: postgres}
    replication: {username: replicator, password: replicator}
    rewind: {username: postgres, password: postgres}
  parameters:
    unix_socket_directories: '$dir/$n'
tags: {nofailover: false, noloadbalance: false, clonefrom: false, nosync: false}
YAML
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir/$n/patroni.yml"
  echo "cluster: Patroni $n (PostgreSQL on 127.0.0.1:${pg_port[$i]}, REST on ${rest_port[$i]})"
  start "patroni-$n" "${as[@]}" /usr/bin/patroni "$dir/$n/patroni.yml"
  # The first node bootstraps the cluster and becomes primary; the second clones it and follows.
  if [ $i = 0 ]; then wait_for "the primary" 120 curl -fsS "http://127.0.0.1:${rest_port[0]}/primary"; fi
done
wait_for "the synchronous standby" 180 curl -fsS "http://127.0.0.1:${rest_port[1]}/sync"

cat >"$dir/haproxy/haproxy.cfg" <<CFG
global
  maxconn 4000
  stats socket $dir/haproxy/admin.sock mode 600 level admin

defaults
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s

# PostgreSQL writes: whichever node Patroni says is the primary (GET /primary answers 200 there only). Sessions on a
# node marked down are cut, so no client keeps writing to a demoted primary.
listen pg_write
  mode tcp
  bind 127.0.0.1:$write_port
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 500ms fastinter 250ms fall 2 rise 1 on-marked-down shutdown-sessions
  server pg1 127.0.0.1:${pg_port[0]} check port ${rest_port[0]}
  server pg2 127.0.0.1:${pg_port[1]} check port ${rest_port[1]}

# PostgreSQL reads: the replica (GET /replica); while no replica is up, the primary (pg_write above: a listen section
# is a backend as well).
frontend pg_read
  mode tcp
  bind 127.0.0.1:$read_port
  use_backend pg_replicas if { nbsrv(pg_replicas) gt 0 }
  default_backend pg_write

backend pg_replicas
  mode tcp
  balance leastconn
  option httpchk GET /replica
  http-check expect status 200
  default-server inter 500ms fastinter 250ms fall 2 rise 1 on-marked-down shutdown-sessions
  server pg1 127.0.0.1:${pg_port[0]} check port ${rest_port[0]}
  server pg2 127.0.0.1:${pg_port[1]} check port ${rest_port[1]}

# The portal: its nodes' readiness (/api/health: 503 while draining or while the database does not answer). A call
# whose connection could not be made is tried on the other node; a call in flight on a node that dies is not retried
# (it may have changed data): the client sees 502 and repeats it.
frontend portal
  mode http
  bind 127.0.0.1:$http_port
  option forwardfor
  timeout client 60s
  default_backend portal_nodes

backend portal_nodes
  mode http
  balance leastconn
  timeout server 60s
  option httpchk GET /api/health
  http-check expect status 200
  # A node busy under load answers its health check late, not never: a check may take 6 s (the health call's own
  # database probe waits up to DB_CONNECT_TIMEOUT_MS, 5 s) and three must fail in a row. A dead node refuses the
  # connection at once and is out after three quick checks (fastinter).
  timeout check 6s
  retries 2
  retry-on conn-failure
  option redispatch
  default-server inter 1s fastinter 250ms fall 3 rise 2
$(for n in $(seq 1 "$nodes"); do echo "  server node$n 127.0.0.1:$((http_port + n)) check"; done)

listen stats
  mode http
  bind 127.0.0.1:$stats_port
  stats enable
  stats uri /
CFG
/usr/sbin/haproxy -c -q -f "$dir/haproxy/haproxy.cfg"
echo "cluster: HAProxy: writes 127.0.0.1:$write_port, reads $read_port, portal http://127.0.0.1:$http_port, stats $stats_port"
start haproxy /usr/sbin/haproxy -db -f "$dir/haproxy/haproxy.cfg"
wait_for "HAProxy's write port" 30 "${as[@]}" "$pg_bin/psql" -h 127.0.0.1 -p "$write_port" -U postgres -Atc 'SELECT 1' postgres

"${as[@]}" "$pg_bin/psql" -h 127.0.0.1 -p "$write_port" -U postgres -qAt postgres <<SQL
SELECT 'CREATE DATABASE portal' WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'portal') \gexec
SQL

# The portal nodes: the server's TypeScript run by tsx (no build needed), migrated and seeded by the first.
write_url="postgres://postgres@127.0.0.1:$write_port/portal"
read_url="postgres://postgres@127.0.0.1:$read_port/portal"
for n in $(seq 1 "$nodes"); do
  echo "cluster: portal node $n on 127.0.0.1:$((http_port + n))"
  (
    cd "$repo/apps/server"
    export PORT=$((http_port + n)) HOST=127.0.0.1 DATABASE_URL=$write_url DATABASE_READ_URL=$read_url TRUST_PROXY=127.0.0.1 \
      LOG_LEVEL=${PORTAL_LOG_LEVEL:-warn} SHUTDOWN_GRACE_SECONDS=5 DB_POOL_SIZE=${DB_POOL_SIZE:-20} \
      SEED_DEMO=$([ "$n" = 1 ] && echo true || echo false) PUBLIC_URL="http://127.0.0.1:$http_port"
    # What a restart of this node needs (bench/cluster/bench-failover.ts restarts a node it killed).
    export -p | grep -E ' (PORT|HOST|DATABASE_URL|DATABASE_READ_URL|TRUST_PROXY|LOG_LEVEL|SHUTDOWN_GRACE_SECONDS|DB_POOL_SIZE|SEED_DEMO|PUBLIC_URL)=' >"$dir/portal$n.env"
    start "portal$n" node --import tsx src/main.ts
  )
  wait_for "portal node $n" 300 curl -fsS "http://127.0.0.1:$((http_port + n))/api/health"
done
wait_for "the portal through HAProxy" 30 curl -fsS "http://127.0.0.1:$http_port/api/health"
echo "cluster: up. http://127.0.0.1:$http_port (login 100001 / Demo1234); stop with scripts/cluster/stop.sh"
