/**
 * `crdb ... | head`: a reader that closes standard output early ends the
 * command line quietly, with status 0 and nothing on standard error, as other
 * Unix tools do. Real pipes to the built CLI in child processes.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { archiveAvailable, projectRoot } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

/**
 * Run `crdb args` with standard output piped to a reader that closes the pipe
 * once it has `bytes` bytes (0: before the command writes anything).
 */
function readFirst(args: string[], bytes: number): Promise<{ code: number | null; signal: string | null; read: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let read = 0
    let stderr = ''
    if (bytes === 0) child.stdout.destroy()
    else
      child.stdout.on('data', (chunk: Buffer) => {
        read += chunk.length
        if (read >= bytes) child.stdout.destroy()
      })
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, read, stderr }))
  })
}

describe('crdb with its output closed early', () => {
  it('ends quietly with status 0 when nobody reads at all', async () => {
    for (const args of [['--help'], ['get', '--help'], ['era', '--help']]) {
      expect(await readFirst(args, 0), args.join(' ')).toEqual({ code: 0, signal: null, read: 0, stderr: '' })
    }
  })

  it.skipIf(!archiveAvailable())(
    'ends quietly with status 0 when the reader stops after a few bytes (| head)',
    async () => {
      const db = inject('archiveDatabase')!
      // A diff of 800 kB and the editions' JSON (about 64 kB): more than a pipe holds, so the writer meets the closed pipe.
      for (const args of [
        ['diff', '2009-05-01', '2009-07-11'],
        ['--json', 'editions']
      ]) {
        const result = await readFirst(['--db', db, ...args], 100)
        expect(result.read, args.join(' ')).toBeGreaterThanOrEqual(100)
        expect({ code: result.code, signal: result.signal, stderr: result.stderr }, args.join(' ')).toEqual({ code: 0, signal: null, stderr: '' })
      }
    },
    60_000
  )
})
