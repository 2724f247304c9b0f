/**
 * Where a rule stands in the document, in words: the title of the nearest
 * titled rule above it (or its own) and its section's title, as the edition of
 * a day prints them. 704.5c is under 704 "State-Based Actions" in section 7
 * "Additional Rules"; 702.19c under 702.19 "Trample". A search hit says it
 * beside its number.
 */
import type { Crdb } from '../store/database.js'
import { readRuleTitles } from '../store/search.js'
import { rememberPerContent } from '../store/per-content.js'

/** A titled rule: its number and its title. */
interface RuleTitle {
  number: string
  title: string
}

/** Where a rule stands: the nearest titled rule at or above it (not its section), and its section. */
export interface RuleHeading {
  /** The rule's own title (702.19 "Trample"), else its parent's (702.19 for 702.19c), else its three-digit rule's (704 for 704.5c). */
  rule?: RuleTitle
  /** Its section (7 "Additional Rules"). */
  section?: RuleTitle
}

interface TitleVersion {
  firstDate: string
  lastDate: string
  title: string
}

/** Every titled rule's versions, by number, read once per content of the file. */
const titlesOf = rememberPerContent((db: Crdb): Map<string, TitleVersion[]> => {
  const titles = new Map<string, TitleVersion[]>()
  for (const [key, firstDate, lastDate, title] of readRuleTitles(db)) {
    let list = titles.get(key)
    if (!list) titles.set(key, (list = []))
    list.push({ firstDate, lastDate, title })
  }
  return titles
})

/**
 * Where rule `number` stands in the edition in force on `day` (an edition's
 * date, or any day of it): see {@link RuleHeading}. A number with no titled rule
 * above it (a section, an untitled one) has neither part, or only its section.
 */
export function findRuleHeading(db: Crdb, number: string, day: string): RuleHeading {
  const match = /^(\d)(\d\d)?(?:\.(\d+)([a-z]*))?$/.exec(number)
  if (!match) return {}
  const titles = titlesOf(db)
  const titleOn = (key: string): RuleTitle | undefined => {
    for (const version of titles.get(key) ?? []) if (version.firstDate <= day && version.lastDate >= day) return { number: key, title: version.title }
    return undefined
  }
  const heading: RuleHeading = {}
  const section = titleOn(match[1])
  if (section) heading.section = section
  if (match[2] === undefined) return heading
  const block = `${match[1]}${match[2]}`
  // The nearest first: the rule itself, its parent (a subrule's rule), its three-digit rule.
  const candidates = [number, ...(match[4] ? [`${block}.${match[3]}`] : []), block]
  for (const key of new Set(candidates)) {
    const found = titleOn(key)
    if (found) {
      heading.rule = found
      break
    }
  }
  return heading
}
