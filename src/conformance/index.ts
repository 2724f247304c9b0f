/**
 * The era conformance suite: cases written from the rules (never from crdb's
 * engine), the protocol that runs any engine over them, and the report. This
 * module only re-exports; each export is documented where it is defined.
 */
export {
  conformanceCaseSchema,
  engineAnswerSchema,
  describeCaseSchema,
  type ConformanceCase,
  type ConformanceQuestion,
  type EngineAnswer,
  type ExpectedEvent,
  type ExpectedAfter
} from './case.js'
export { generateSuite, listSuiteNotes, type GenerateOptions, type SuiteNote } from './generate.js'
export { writeSuite, readSuite, type SuiteIndex } from './suite-files.js'
export { judgeAnswer } from './compare.js'
export { createCrdbAnswerer } from './crdb-engine.js'
export { runSuite, formatReport, formatJunit, type ConformanceReport, type CaseResult, type EraReport, type RunOptions } from './run.js'
