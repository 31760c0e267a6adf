#!/usr/bin/env bash
# Stops what scripts/cluster/start.sh started (portal nodes first, then HAProxy, Patroni with its PostgreSQL, etcd)
# and removes CLUSTER_DIR. Only the processes whose pids it wrote are signalled (each leads a session of its own).
set -uo pipefail
dir=${CLUSTER_DIR:-/tmp/portal-ha}
[ -d "$dir" ] || { echo "cluster: nothing at $dir"; exit 0; }
# stop NAME SIGNAL SECONDS: signals NAME's session, waits for its leader to end, then kills what is left of it.
stop() {
  local name=$1 signal=$2 seconds=$3 pid
  [ -f "$dir/$name.pid" ] || return 0
  pid=$(cat "$dir/$name.pid")
  if kill -0 "$pid" 2>/dev/null; then
    kill "-$signal" -- "-$pid" 2>/dev/null || kill "-$signal" "$pid" 2>/dev/null
    local until=$((SECONDS + seconds))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $until ]; do sleep 0.2; done
  fi
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$dir/$name.pid"
}
for pidfile in "$dir"/portal*.pid; do
  [ -e "$pidfile" ] && stop "$(basename "$pidfile" .pid)" TERM 15
done
stop haproxy TERM 5
# Patroni stops its PostgreSQL (fast shutdown) on SIGTERM; the replica first, so the primary's stop hands nothing over.
stop patroni-pg2 TERM 60
stop patroni-pg1 TERM 60
# A PostgreSQL left behind (its Patroni killed): stopped by its own pid file.
for n in pg1 pg2; do
  if [ -f "$dir/$n/data/postmaster.pid" ]; then
    pm=$(head -1 "$dir/$n/data/postmaster.pid")
    kill -0 "$pm" 2>/dev/null && kill -QUIT "$pm" 2>/dev/null
  fi
done
stop etcd TERM 10
rm -rf "$dir"
echo "cluster: stopped, $dir removed"
