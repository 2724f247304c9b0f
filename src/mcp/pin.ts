/**
 * Pinned answers: what every rule or term an MCP tool answers with carries, so
 * that an assistant quoting it can say which edition it read, when that text
 * was in force, what the rule is numbered today, and where to link.
 */
import { z } from 'zod'
import type { RuleVersion } from '../query/get.js'
import type { GlossaryTerm } from '../query/glossary.js'
import { translateNumber } from '../query/renumber.js'
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'

/** Where an answer stands: its edition, its text's interval, its number then and now, its permalink. */
export interface Pin {
  /** The edition the answer was read in (its effective date). */
  edition: string
  /** The days this text was in force: from its first edition's date until another text took over (`null`: still in force). */
  inForce: { from: string; to: string | null }
  /** The rule's number in that edition (absent for a glossary term). */
  numberThen?: string
  /** Its number(s) in the newest edition: one, several after a split, none when it is gone (absent for a term). */
  numberNow?: string[]
  /** One line on today's standing: "704.5j today", "now 704.5j (renumbered)", "gone since 2009-07-11". */
  now: string
  /**
   * The permalink on a crdb server: the stable id's page pinned to the edition
   * (`/id/1999-04-23_420.5e?edition=2004-10-01`), absolute when a base URL is set.
   */
  permalink: string
}

/** The zod schema of {@link Pin}, part of each tool's output schema. */
export const pinSchema = z
  .object({
    edition: z.string().describe('the edition read (effective date)'),
    inForce: z.object({ from: z.string(), to: z.string().nullable() }).describe('the days this text was in force; to: null while it still is'),
    numberThen: z.string().optional().describe("the rule's number in that edition"),
    numberNow: z.array(z.string()).optional().describe('its number(s) in the newest edition; empty when it is gone'),
    now: z.string().describe("one line on the rule's standing today"),
    permalink: z.string().describe('its permanent link on a crdb server, pinned to the edition')
  })
  .describe('where the answer stands: edition, interval in force, number then and now, permalink')

/** Builds pins for one database and one public base URL. */
export interface Pinner {
  /** The pin of a rule version. */
  rule: (rule: Pick<RuleVersion, 'number' | 'id' | 'edition' | 'validFrom' | 'validTo'>) => Pin
  /** The pin of a glossary term. */
  term: (term: Pick<GlossaryTerm, 'key' | 'edition' | 'validFrom' | 'validTo'>, id?: string | null) => Pin
  /** A path on the server, absolute when a base URL is set. */
  link: (path: string) => string
}

/** The pinner of `db`; links are paths, or absolute under `baseUrl` (`https://crdb.example/`). */
export function createPinner(db: Crdb, baseUrl?: string): Pinner {
  const base = baseUrl?.replace(/\/+$/, '') ?? ''
  const link = (path: string): string => base + path
  const withEdition = (path: string, edition: string): string => link(`${path}?edition=${encodeURIComponent(edition)}`)
  return {
    link,
    rule: (rule) => {
      const { numbers, status } = numberNow(db, rule.number, rule.edition)
      return {
        edition: rule.edition,
        inForce: { from: rule.validFrom, to: rule.validTo },
        numberThen: rule.number,
        numberNow: numbers,
        now: describeNow(rule.number, numbers, status),
        permalink: rule.id ? withEdition(`/id/${rule.id}`, rule.edition) : withEdition(`/rules/${encodeURIComponent(rule.number)}`, rule.edition)
      }
    },
    term: (term, id) => ({
      edition: term.edition,
      inForce: { from: term.validFrom, to: term.validTo },
      now: term.validTo === null ? 'this definition is in force today' : `another definition (or none) since ${term.validTo}`,
      permalink: id ? withEdition(`/id/${id}`, term.edition) : withEdition(`/glossary/${encodeURIComponent(term.key)}`, term.edition)
    })
  }
}

/** The rule numbered `number` in `edition`, followed to the newest edition. */
function numberNow(db: Crdb, number: string, edition: string): { numbers: string[]; status: string } {
  try {
    const translation = translateNumber(db, number, {}, { numberedAs: { edition } })
    return { numbers: translation.numbers, status: translation.status }
  } catch (error) {
    // A number the lineage cannot follow is still answered, with no number now.
    if (error instanceof CrdbError) return { numbers: [], status: 'unknown' }
    throw error
  }
}

function describeNow(then: string, numbers: string[], status: string): string {
  if (numbers.length === 0) return status === 'unknown' ? 'its number today is not known' : 'no rule continues it in the newest edition'
  if (numbers.length > 1) return `split: now ${numbers.join(', ')}`
  if (numbers[0] === then) return `${then} in the newest edition too`
  return `now ${numbers[0]} (renumbered)`
}
