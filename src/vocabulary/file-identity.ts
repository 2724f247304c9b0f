/**
 * A file's identity on disk: its device and inode, as `device:inode`. The same
 * path may name another file later (one moved over it, or deleted and made
 * again); the same identity is the same file, whatever its content now.
 */
import type { BigIntStats } from 'node:fs'

/** The identity (`device:inode`) of the file `stats` describe. */
export function fileIdentityOf(stats: Pick<BigIntStats, 'dev' | 'ino'>): string {
  return `${stats.dev}:${stats.ino}`
}
