/**
 * `crdb update`: fetch whatever edition is newer than the newest stored one,
 * store it (an incremental build), and print its release note against the
 * edition before: counts, the numbers of the rules that changed, and the
 * engine switches that changed. Only the manifest's editions (verified by
 * sha256) are stored; a document the manifest does not list is held in
 * quarantine until a person accepts it (`crdb editions --accept DATE`).
 */
import type { HeldEdition, NewerEdition } from '../../ingest/fetch.js'
import { compareEngineEras, type CheckChange, type SwitchChange } from '../engine/switches.js'
import { CrdbError } from '../vocabulary/errors.js'
import { describeRelease, type DetailedReleaseNote } from '../query/release-notes.js'
import type { RegisterCommand } from './context.js'
import { cacheFolder, describeUnreachable, fetcherOptions, networkOptions, type NetworkOptions } from './fetch.js'
import { projectPath } from './sources.js'
import { findNewestEdition, listEditionDates } from '../store/editions.js'
import { holdQuarantinedEdition, listQuarantinedEditions, type QuarantinedEdition } from '../store/quarantine.js'

/** What `crdb update` reports for each new edition. */
export interface UpdatedEdition {
  edition: NewerEdition
  note: DetailedReleaseNote
  engine: { switches: SwitchChange[]; checks: CheckChange[] } | null
}

/** Register `crdb update`. */
export const registerUpdate: RegisterCommand = (program, context) => {
  networkOptions(
    program
      .command('update')
      .description('fetch any edition newer than the newest stored one, store it, and print what it changed (counts, rule numbers, engine switches)')
      .option('--manifest <file>', 'the manifest of editions (default: corpus/manifest.json in the project)')
      .option('--mirror <dir|url>', 'ask this folder (or base URL) first, before the web sources')
  ).action(async (options: NetworkOptions & { manifest?: string; mirror?: string }) => {
    // Loaded here, not at start-up: the parsers cost every other command 0.3 s.
    const { fetchNewerEditions, readManifest, recordOriginWarnings } = await import('../../ingest/fetch.js')
    const { ingestPaths } = await import('../../ingest/ingest.js')
    const manifest = readManifest(options.manifest ?? projectPath('corpus', 'manifest.json'))
    const setOf = (date: string): { code: string; name: string } | null => {
      const set = manifest.editions.find((edition) => edition.effectiveDate === date)?.set
      return set ? { code: set.code, name: set.name } : null
    }
    const { newest, held } = context.withDatabase(false, (db) => ({
      newest: findNewestEdition(db) ?? '',
      held: [...listEditionDates(db), ...listQuarantinedEditions(db).map((edition) => edition.effectiveDate)]
    }))
    const report = await fetchNewerEditions(manifest, newest, {
      cacheDir: cacheFolder(options),
      mirror: options.mirror,
      held,
      ...fetcherOptions(options)
    })
    // Failures a network outage explains are summed up in one line; others each get theirs.
    const offline = report.failures.filter((failure) => failure.unreachable)
    const notes = report.failures.filter((failure) => !failure.unreachable).map((failure) => `note: ${failure.what}: ${failure.code}: ${failure.error}`)
    if (offline.length) {
      const shown =
        offline
          .slice(0, 3)
          .map((failure) => failure.what)
          .join(', ') + (offline.length > 3 ? `, and ${offline.length - 3} more` : '')
      notes.push(`note: ${offline.length} not fetched (${shown}): ${describeUnreachable(report.unreachable)}`)
    }
    if (report.editions.length === 0 && report.held.length === 0 && report.failures.length > 0 && offline.length === report.failures.length) {
      throw new CrdbError('E_FETCH', `cannot look for a newer edition: ${describeUnreachable(report.unreachable)}`)
    }

    const updated: UpdatedEdition[] = []
    let quarantined: QuarantinedEdition[] = []
    const stored = context.withDatabase(false, (db) => {
      // Beyond the manifest: held apart, never an edition of any query, until a person accepts it.
      for (const edition of report.held) holdQuarantinedEdition(db, heldRow(edition), edition.bytes)
      quarantined = listQuarantinedEditions(db)
      const result = ingestPaths(
        db,
        report.editions.map((edition) => edition.path)
      )
      recordOriginWarnings(
        db,
        report.editions.map((edition) => edition.path)
      )
      for (const outcome of result.outcomes) {
        // Into an empty store everything is new: a release note per edition would say nothing (and take minutes).
        if (outcome.status !== 'stored' || outcome.kind === 'dump' || !newest) continue
        const edition = report.editions.find((candidate) => candidate.effectiveDate === outcome.effectiveDate)!
        const note = describeRelease(db, outcome.effectiveDate)
        // The manifest given (or the source that had it) knows sets the project's table may not.
        note.set ??= edition.set
        if (note.previous) note.previous.set ??= setOf(note.previous.effectiveDate)
        const engine = note.previous ? compareEngineEras(db, note.previous.effectiveDate, note.effectiveDate) : null
        updated.push({ edition, note, engine })
      }
      return result
    })
    const rejected = stored.outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [`rejected: ${outcome.error}`] : []))
    const newlyHeld = new Set(report.held.map((edition) => edition.effectiveDate))
    context.print({ newestBefore: newest || null, updated, quarantined, failures: report.failures, rejected }, () => {
      const lines = [...notes, ...rejected]
      if (updated.length === 0 && newest && quarantined.length === 0) {
        const shown = newest ? `the newest stored edition is ${newest}${setSuffix(setOf(newest))}` : 'the database holds no editions'
        lines.push(`up to date: ${shown}; no source has a newer one`)
      }
      const added = stored.outcomes.filter((outcome) => outcome.status === 'stored' && outcome.kind === 'edition').length
      if (!newest) {
        const range = report.editions.length ? `, ${report.editions[0].effectiveDate} to ${report.editions.at(-1)!.effectiveDate}` : ''
        lines.push(`stored ${added} editions${range} into an empty store; crdb update prints release notes from now on`)
      }
      for (const entry of updated) lines.push(...formatUpdate(entry))
      for (const edition of quarantined) lines.push(formatQuarantined(edition, newlyHeld.has(edition.effectiveDate)))
      return lines.join('\n') + '\n'
    })
    // A document refused for what it is (a date after tomorrow, bytes the manifest does not vouch for) fails the update.
    const distrusted = report.failures.some((failure) => failure.code === 'E_IMPLAUSIBLE_DATE' || failure.code === 'E_CHECKSUM')
    if (distrusted || rejected.length > 0 || (updated.length === 0 && report.failures.length > 0 && report.editions.length > 0)) context.setExitCode(1)
  })
}

function heldRow(edition: HeldEdition): Omit<QuarantinedEdition, 'bytes' | 'heldAt'> {
  return {
    effectiveDate: edition.effectiveDate,
    sha256: edition.sha256,
    uri: edition.from,
    source: edition.source,
    set: edition.set,
    rules: edition.rules,
    terms: edition.terms,
    reason: edition.reason
  }
}

/** One line for a document held in quarantine: what it is, where it came from, and how to accept it. */
export function formatQuarantined(edition: QuarantinedEdition, fetchedNow: boolean): string {
  return (
    `${fetchedNow ? 'quarantined' : 'still quarantined'} ${edition.effectiveDate}${setSuffix(edition.set)}: ${edition.rules} rules, ${edition.terms} glossary terms; ` +
    `from ${edition.source} ${edition.uri}; ${edition.reason}; not stored as an edition until accepted: crdb editions --accept ${edition.effectiveDate} (or --reject)`
  )
}

function setSuffix(set: { code: string; name: string } | null | undefined): string {
  return set ? ` (${set.code}, ${set.name})` : ''
}

/** The release note of one new edition, in lines. */
export function formatUpdate({ edition, note, engine }: UpdatedEdition): string[] {
  const lines = [
    `new edition ${note.effectiveDate}${setSuffix(note.set)}: ${note.rules} rules, ${note.terms} glossary terms; from ${edition.source} ${edition.from}, ${edition.verified ? 'verified (sha256 of the manifest)' : (edition.warning ?? 'unverified')}`
  ]
  if (!note.previous || !note.summary) {
    lines.push('  the first stored edition: nothing to compare with')
    return lines
  }
  const s = note.summary
  lines.push(
    `  against ${note.previous.effectiveDate}${setSuffix(note.previous.set)}: ${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.moved} moved, ${s.movedChanged} moved and changed` +
      ` (${s.typographyOnly} only in typography, ${s.referencesOnly} only in cross-references, ${s.examplesOnly} only in examples); ${s.unchanged} unchanged`
  )
  const list = (label: string, numbers: string[]): void => {
    if (numbers.length) lines.push(`  ${label} (${numbers.length}): ${numbers.join(', ')}`)
  }
  list('added', note.numbers.added)
  list('removed', note.numbers.removed)
  list('changed', note.numbers.changed)
  list(
    'moved',
    note.numbers.moved.map((move) => `${move.from} -> ${move.to}${move.changed ? ' (changed)' : ''}`)
  )
  if (engine) {
    const switches = engine.switches.map((change) => `${change.name} ${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)}`)
    const checks = engine.checks.map((change) => `${change.id} ${change.before ?? 'not in force'} -> ${change.after ?? 'not in force'}`)
    lines.push(`  engine switches: ${switches.length ? switches.join('; ') : 'none changed'}`)
    lines.push(`  engine checks: ${checks.length ? checks.join('; ') : 'none changed'}`)
  }
  return lines
}
