/**
 * No import circle in the tree: a module that imports another that imports it
 * back (type-only imports count: a shared type goes to a leaf file both import).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseCircular, parseDependencyTree } from 'dpdm'
import { describe, expect, it } from 'vitest'
import { projectRoot, temporaryFolder } from './helpers.js'

/** Every import circle among the files `patterns` match under `root`, each as `a -> b -> ...`. */
async function findCircles(root: string, patterns: string[]): Promise<string[]> {
  const tree = await parseDependencyTree(patterns, {
    context: root,
    cwd: root,
    // Type-only imports are kept: `import type` circles count.
    transform: false,
    tsconfig: join(projectRoot, 'tsconfig.json'),
    exclude: /node_modules|[\\/]dist[\\/]/
  })
  return parseCircular(tree).map((circle) => circle.join(' -> '))
}

describe('import circles', () => {
  it('there is none over src/, ingest/, db/ and bin/', async () => {
    expect(await findCircles(projectRoot, ['src/**/*.ts', 'ingest/**/*.ts', 'db/**/*.ts', 'bin/*.js'])).toEqual([])
  }, 60_000)

  it('finds a circle made only of `import type`', async () => {
    const folder = temporaryFolder()
    try {
      mkdirSync(join(folder.dir, 'src'))
      writeFileSync(join(folder.dir, 'src/a.ts'), "import type { B } from './b.js'\nexport interface A { b?: B }\n")
      writeFileSync(join(folder.dir, 'src/b.ts'), "import type { A } from './a.js'\nexport interface B { a?: A }\n")
      writeFileSync(join(folder.dir, 'src/c.ts'), "import type { A } from './a.js'\nexport type C = A\n")
      expect(await findCircles(folder.dir, ['src/**/*.ts'])).toEqual(['src/a.ts -> src/b.ts'])
    } finally {
      folder.cleanup()
    }
  })
})
