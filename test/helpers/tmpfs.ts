// A small file system of its own for tests of full and read-only disks: a tmpfs, where the system
// lets this process mount one (root on Linux, outside most containers' defaults).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  readonly dir: string;
  remount(options: string): void;
  unmount(): void;
}

/** Mounts a tmpfs with `options` (e.g. `size=64k`, `ro`), or returns why it cannot. */
export function mountTmpfs(options: string): Tmpfs | string {
  if (process.platform !== 'linux') return 'tmpfs needs Linux';
  const dir = mkdtempSync(join(tmpdir(), 'parlor-tmpfs-'));
  const mount = (extra: string[]) => spawnSync('mount', ['-t', 'tmpfs', ...extra, 'tmpfs', dir], { encoding: 'utf8' });
  const mounted = mount(['-o', options]);
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here: ${(mounted.stderr || mounted.error?.message || 'mount failed').trim()}`;
  }
  return {
    dir,
    remount: (more) => {
      const result = spawnSync('mount', ['-o', `remount,${more}`, dir], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`remount ${dir}: ${result.stderr}`);
    },
    unmount: () => {
      spawnSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
