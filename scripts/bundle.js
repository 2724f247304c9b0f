/**
 * `npm run bundle`: the CLI bundled by esbuild into dist/bundle/ (bin/crdb.js runs it), so that start-up does
 * not resolve and load a hundred modules one by one. A `crdb get` costs about a millisecond per file loaded,
 * and parsing and compiling the code it runs is a third of what it spends beyond Node's own start; three builds:
 *
 * - `cli.cjs`, from `src/cli.ts`: picks one of the two below by the command named, loading nothing else;
 * - `cli/query-commands.cjs`: the commands that only read the knowledge base (most command lines), in one
 *   file with all they need, which `src/cli/code-cache.ts` runs with V8's code cache: this script makes the
 *   cache by running `crdb get --help` once;
 * - `cli/commands.js`: every command, split: each command, the parsers (cheerio, remark), the server and the
 *   worker threads of a build and of the server (`answer-worker.js`) in chunks loaded on demand.
 *
 * A process runs the query commands' file or the split build, never both: a class such as `CrdbError` must be one.
 * The first two are CommonJS, as is bin/crdb.js: a query command line then loads no ES module, and Node does not
 * start its ES module loader.
 */
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

const options = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // Commander requires node:child_process when it loads, only to run executable subcommands crdb does not have.
  alias: { 'node:child_process': './src/cli/child-process-on-demand.ts' }
}
// The CommonJS packages bundled (commander, better-sqlite3) call `require`.
const esm = {
  ...options,
  format: 'esm',
  banner: { js: "import { createRequire as __crdbRequire } from 'node:module'; const require = __crdbRequire(import.meta.url);" }
}
// The modules find the package's files (and better-sqlite3's addon) from where they are.
const commonjs = {
  ...options,
  format: 'cjs',
  define: { 'import.meta.url': '__crdbModuleUrl' },
  banner: { js: "var __crdbModuleUrl = require('node:url').pathToFileURL(__filename).href;" }
}

/** Leaves `src/cli.ts`'s imports of the commands as written: they find the files the other two builds write. */
const importBuilt = {
  name: 'import-built',
  setup: (build) => build.onResolve({ filter: /^\.\/cli\/(query-)?commands\.js$/ }, (args) => ({ path: args.path, external: true }))
}

/**
 * src/vocabulary/zod-mini-on-demand.ts re-exports zod/mini in the bundles: one copy of zod, cut down to what the corpus
 * schemas use, and in the code cache of the query commands (made by `crdb get --help`, which reads no corpus file:
 * zod loaded on first use would be compiled by every `crdb get --edition M10`).
 */
const zodMiniBundled = {
  name: 'zod-mini-bundled',
  setup: (build) =>
    build.onLoad({ filter: /[/\\]src[/\\]vocabulary[/\\]zod-mini-on-demand\.ts$/ }, () => ({
      contents: "export * from 'zod/mini'",
      loader: 'js',
      resolveDir: 'src/vocabulary'
    }))
}

/**
 * cheerio imports undici for its `fromURL` alone, which crdb never calls (it parses HTML it has read, and fetches
 * with Node's own fetch): in the bundles, an empty module instead. Loading undici was about 30 ms of every build
 * that parses an edition (the chunk of the parsers is loaded whole).
 */
const withoutUndici = {
  name: 'without-undici',
  setup: (build) => {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', namespace: 'without-undici' }))
    build.onLoad({ filter: /.*/, namespace: 'without-undici' }, () => ({ contents: 'export {}', loader: 'js' }))
  }
}

rmSync('dist/bundle', { recursive: true, force: true })
await Promise.all([
  build({ ...commonjs, entryPoints: ['src/cli.ts'], outfile: 'dist/bundle/cli.cjs', plugins: [importBuilt, zodMiniBundled] }),
  build({ ...commonjs, entryPoints: ['src/cli/query-commands.ts'], outfile: 'dist/bundle/cli/query-commands.cjs', plugins: [zodMiniBundled] }),
  build({
    ...esm,
    entryPoints: ['src/cli/commands.ts', 'ingest/prepare-worker.ts', 'src/server/answer-worker.ts'],
    splitting: true,
    entryNames: '[name]',
    outdir: 'dist/bundle/cli',
    plugins: [zodMiniBundled, withoutUndici]
  })
])

// The first run of the query commands writes their code cache (dist/bundle/cli/query-commands.cjs.v8-cache).
const run = spawnSync(process.execPath, ['bin/crdb.js', 'get', '--help'], { encoding: 'utf8' })
if (run.status !== 0) throw new Error(`crdb get --help exited ${run.status}: ${run.stderr}`)
