import { spawn } from 'node:child_process';
import type net from 'node:net';

/**
 * Waits for its standard input to close — Relate holds the other end, so it closes when Relate exits,
 * however it exits (kill -9 included) — then stops the postmaster `$1` as `pg_ctl stop -m fast` would
 * (SIGINT), and if it has not stopped after 30 s, as `-m immediate` (SIGQUIT). It signals that one
 * pid, never "whatever runs in the directory": a Relate started meanwhile keeps its own server.
 */
const WATCHDOG_SCRIPT = `
read _ignored
kill -INT "$1" 2>/dev/null || exit 0
i=0
while kill -0 "$1" 2>/dev/null; do
  i=$((i + 1))
  if [ "$i" -ge 300 ]; then kill -QUIT "$1" 2>/dev/null; exit 0; fi
  sleep 0.1
done`;

/**
 * A small `sh` in a session of its own (so that a Ctrl-C meant for Relate does not reach it) that
 * stops PostgreSQL when Relate dies. Returns how to dismiss it once Relate stops PostgreSQL itself.
 */
export function startWatchdog(postmasterPid: number): { dismiss(): void } {
  const child = spawn('sh', ['-c', WATCHDOG_SCRIPT, 'relate-postgres-watchdog', String(postmasterPid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    cwd: '/',
  });
  child.on('error', () => {});
  child.unref();
  (child.stdin as net.Socket | null)?.unref();
  return {
    dismiss() {
      child.kill('SIGKILL');
    },
  };
}
