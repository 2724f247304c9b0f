/**
 * `npm run bundle`: the CLI bundled by esbuild into dist/bundle/ (bin/crdb.js runs it), so that start-up does
 * not resolve and load a hundred modules one by one. A `crdb get` costs about a millisecond per file loaded,
 * and parsing and compiling the code it runs is a third of what it spends beyond Node's own start; three builds:
 *
 * - `cli.cjs`, from `src/cli.ts`: picks one of the two below by the command named, loading nothing else;
 * - `cli/query-commands.cjs`: the commands that only read the knowledge base (most command lines), in one
 *   file with all they need, which `src/cli/code-cache.ts` runs with V8's code cache: this script makes the
 *   cache by running `crdb get --help` once;
 * - `cli/commands.js`: every command, split: each command, the server and the worker threads of a build and of the
 *   server (`answer-worker.js`) in chunks loaded on demand; the parsers of HTML and Markdown dumps (cheerio, remark)
 *   in `cli/page-parsers.cjs`, required on their first call.
 *
 * A process runs the query commands' file or the split build, never both: a class such as `CrdbError` must be one.
 * The first two are CommonJS, as is bin/crdb.js: a query command line then loads no ES module, and Node does not
 * start its ES module loader.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
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

/** The functions of zod/mini that src/vocabulary/zod-mini-on-demand.ts exports (its `export const` lines). */
const zodMiniNames = [...readFileSync('src/vocabulary/zod-mini-on-demand.ts', 'utf8').matchAll(/^export const (\w+)/gm)].map((match) => match[1])
if (zodMiniNames.length === 0) throw new Error('src/vocabulary/zod-mini-on-demand.ts: no exported functions found')

/**
 * src/vocabulary/zod-mini-on-demand.ts re-exports zod/mini in the bundles, cut down to the functions the corpus
 * schemas use, and in the code cache of the query commands (made by `crdb get --help`, which reads no corpus file:
 * zod loaded on first use would be compiled by every `crdb get --edition M10`). The query commands hold one copy of
 * zod. The split build gets those functions bundled on their own (about 30 kB): there, zod's core is shared with the
 * full zod of the server and MCP, and esbuild put it, with its 64 locales (about 650 kB), in the chunk of
 * `src/vocabulary` that every build and its workers load.
 */
const zodMiniBundled = (separate) => ({
  name: 'zod-mini-bundled',
  setup: (build) =>
    build.onLoad({ filter: /[/\\]src[/\\]vocabulary[/\\]zod-mini-on-demand\.ts$/ }, async () => {
      const reexport = `export { ${zodMiniNames.join(', ')} } from 'zod/mini'`
      if (!separate) return { contents: reexport, loader: 'js', resolveDir: 'src/vocabulary' }
      const alone = await build.esbuild.build({ ...esm, banner: undefined, stdin: { contents: reexport, resolveDir: 'src/vocabulary' }, write: false })
      return { contents: alone.outputFiles[0].text, loader: 'js' }
    })
})

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

/**
 * The parsers of HTML pages (cheerio) and Markdown (unified, remark-parse) read only the dumps in those formats, which
 * no official edition is and none of the corpus's dumps is: in the split build they are one CommonJS file of their
 * own, `page-parsers.cjs`, required on their first call, instead of about 1 MB of the chunk every build loads (about
 * 30 ms of each `crdb build`). Only what crdb calls of them is forwarded: `cheerio.load`, `unified` and remark-parse.
 */
const pageParsersOnDemand = {
  name: 'page-parsers-on-demand',
  setup: (build) => {
    build.onResolve({ filter: /^(cheerio|unified|remark-parse)$/ }, (args) => ({ path: args.path, namespace: 'page-parsers-on-demand' }))
    build.onResolve({ filter: /^\.\/page-parsers\.cjs$/ }, (args) => ({ path: args.path, external: true }))
    const load = "let loaded; const parsers = () => (loaded ??= require('./page-parsers.cjs'));"
    const shims = {
      cheerio: `${load} export function load(...args) { return parsers().cheerio.load(...args) }`,
      unified: `${load} export function unified(...args) { return parsers().unified(...args) }`,
      // A unified plugin: called with the processor as \`this\`.
      'remark-parse': `${load} export default function remarkParse(...args) { return parsers().remarkParse.apply(this, args) }`
    }
    build.onLoad({ filter: /.*/, namespace: 'page-parsers-on-demand' }, (args) => ({ contents: shims[args.path], loader: 'js' }))
  }
}

/** What page-parsers.cjs holds: the functions the shims above forward to. */
const pageParsersEntry = "export * as cheerio from 'cheerio'\nexport { unified } from 'unified'\nexport { default as remarkParse } from 'remark-parse'"

rmSync('dist/bundle', { recursive: true, force: true })
await Promise.all([
  build({ ...commonjs, entryPoints: ['src/cli.ts'], outfile: 'dist/bundle/cli.cjs', plugins: [importBuilt, zodMiniBundled(false)] }),
  build({ ...commonjs, entryPoints: ['src/cli/query-commands.ts'], outfile: 'dist/bundle/cli/query-commands.cjs', plugins: [zodMiniBundled(false)] }),
  build({
    ...esm,
    entryPoints: ['src/cli/commands.ts', 'ingest/prepare-worker.ts', 'src/server/answer-worker.ts'],
    splitting: true,
    entryNames: '[name]',
    outdir: 'dist/bundle/cli',
    plugins: [zodMiniBundled(true), pageParsersOnDemand]
  }),
  build({
    ...commonjs,
    stdin: { contents: pageParsersEntry, resolveDir: '.', loader: 'js' },
    outfile: 'dist/bundle/cli/page-parsers.cjs',
    plugins: [withoutUndici]
  })
])

// The first run of the query commands writes their code cache (dist/bundle/cli/query-commands.cjs.v8-cache).
const run = spawnSync(process.execPath, ['bin/crdb.js', 'get', '--help'], { encoding: 'utf8' })
if (run.status !== 0) throw new Error(`crdb get --help exited ${run.status}: ${run.stderr}`)
