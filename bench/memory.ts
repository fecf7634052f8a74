import fs from 'node:fs';
import path from 'node:path';
import { clusterPaths } from '../server/src/db/embedded-postgres/cluster';

/** The process ids under `rootPid` (its children, their children, …), `rootPid` first. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in parentheses may hold spaces: the parent id is the second field after it.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while the list was read
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

/** The embedded PostgreSQL's postmaster in `dataDir` (pg_ctl starts it detached from Relate). */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const file = path.join(clusterPaths(dataDir).cluster, 'postmaster.pid');
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Proportional set size in MB of the Relate process `relatePid`, every process under it, and the
 * embedded PostgreSQL of `dataDir` with its backends (none with an external database): shared pages —
 * PostgreSQL's shared buffers, the binaries — count once, where a sum of RSS would count them in every
 * backend. Undefined where /proc has no smaps_rollup.
 */
export function relatePssMb(
  relatePid: number | undefined,
  dataDir?: string,
): { mb: number; processes: number } | undefined {
  if (relatePid === undefined) return undefined;
  const postmaster = dataDir ? postmasterPid(dataDir) : undefined;
  const pids = new Set([...processTree(relatePid), ...(postmaster ? processTree(postmaster) : [])]);
  let kb = 0;
  let processes = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const match = /^Pss:\s+(\d+) kB/m.exec(rollup);
      if (!match) continue;
      kb += Number(match[1]);
      processes++;
    } catch {
      // ended, or not ours to read
    }
  }
  return processes === 0 ? undefined : { mb: kb / 1024, processes };
}
