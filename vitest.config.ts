import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the whole-archive database once for every test file that needs it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    // `npm test` (and so CI) runs with --coverage: the run fails below these floors, today's figures rounded
    // down (code run in child processes, such as the CLI's, is not counted). Raise them as coverage grows.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'ingest/**/*.ts', 'db/**/*.ts'],
      // The tests' own helpers and the benchmark's modules are not what the floor is about.
      exclude: ['test/**'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 89, branches: 78, functions: 90, statements: 88 }
    }
  }
})
