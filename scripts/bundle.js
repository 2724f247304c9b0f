/**
 * `npm run bundle`: the CLI bundled by esbuild into dist/bundle/ (bin/crdb.js runs it), so that start-up does
 * not resolve and load a hundred modules one by one. A `crdb get` costs about a millisecond per file loaded,
 * so the command lines most run (the query commands) load two files; three builds:
 *
 * - `cli.js`, from `src/cli.ts`: picks one of the two below by the command named, loading nothing else;
 * - `cli/query-commands.js`: the commands that only read the knowledge base, in one file with all they need;
 * - `cli/commands.js`: every command, split: each command, the parsers (cheerio, remark), the server and the
 *   worker threads of a build in chunks loaded on demand.
 *
 * A process runs the query commands' file or the split build, never both: a class such as `CrdbError` must be one.
 */
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

const options = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // Commander requires node:child_process when it loads, only to run executable subcommands crdb does not have.
  alias: { 'node:child_process': './src/cli/child-process-on-demand.ts' },
  // The CommonJS packages bundled (commander, better-sqlite3) call `require`.
  banner: { js: "import { createRequire as __crdbRequire } from 'node:module'; const require = __crdbRequire(import.meta.url);" }
}

/** Leaves `src/cli.ts`'s imports of `./cli/...` as written: they find the files the other two builds write. */
const importBuilt = {
  name: 'import-built',
  setup: (build) => build.onResolve({ filter: /^\.\/cli\// }, (args) => ({ path: args.path, external: true }))
}

rmSync('dist/bundle', { recursive: true, force: true })
await Promise.all([
  build({ ...options, entryPoints: ['src/cli.ts'], outfile: 'dist/bundle/cli.js', banner: {}, plugins: [importBuilt] }),
  build({ ...options, entryPoints: ['src/cli/query-commands.ts'], outfile: 'dist/bundle/cli/query-commands.js' }),
  build({ ...options, entryPoints: ['src/cli/commands.ts', 'ingest/prepare-worker.ts'], splitting: true, entryNames: '[name]', outdir: 'dist/bundle/cli' })
])
