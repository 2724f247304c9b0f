/**
 * Storing editions while the rest are still being parsed (a cold build).
 *
 * A build stores its editions oldest first, each read again with the next as
 * evidence when its numbers break the sequence (`consultNextEditions`) and its
 * damaged characters restored from both neighbours (`restoreSourceDamage`).
 * Once every edition's date is known (read from the start of each document,
 * `readSourceKind`; each parse then checks it), an edition can be stored as
 * soon as it and the editions those steps look at are parsed, while the worker
 * threads parse the rest. {@link DateOrderStore} takes the parsed editions in
 * any order and stores each when it can, exactly as a build that parses them
 * all first stores them: the same readings, restorations and writes, in the
 * same order (`test/build-in-date-order.test.ts`).
 */
import { readWithNextEdition } from './official-edition.js'
import { type DamageRestorer, hasSourceDamage } from './source-damage.js'
import type { EditionInput } from './store.js'

/** Takes parsed editions in any order and stores them in date order as soon as each can be. */
export class DateOrderStore {
  readonly #dates: readonly string[]
  /** By place in date order: the parse, null when it failed, undefined while it is being parsed. */
  readonly #parsed: Array<EditionInput | null | undefined>
  /** The editions as they are stored: read again with the next as evidence where they have misprints. */
  readonly #final = new Map<number, EditionInput>()
  readonly #restorer: DamageRestorer
  readonly #store: (input: EditionInput) => void
  /** The next place to store. */
  #next = 0
  /** The place of the last edition stored (or refused by the store), the neighbour before the next. */
  #last: number | undefined

  /**
   * @param dates the date each edition states, oldest first (no two alike)
   * @param restorer restores damaged characters from the neighbours it is given, in the build or stored
   * @param store stores one edition (the caller's writer and outcome)
   */
  constructor(
    dates: readonly string[],
    restorer: (inBuild: (date: string) => EditionInput | undefined) => DamageRestorer,
    store: (input: EditionInput) => void
  ) {
    this.#dates = dates
    this.#parsed = new Array(dates.length).fill(undefined)
    this.#store = store
    const places = new Map(dates.map((date, place) => [date, place]))
    this.#restorer = restorer((date) => {
      const place = places.get(date)
      return place === undefined ? undefined : this.#final.get(place)
    })
  }

  /** The edition at `place` (date order) is parsed: `input`, or null when it failed. */
  add(place: number, input: EditionInput | null): void {
    if (this.#parsed[place] !== undefined) throw new Error(`the edition of ${this.#dates[place]} was parsed twice`)
    this.#parsed[place] = input
  }

  /** Whether every edition is stored (or failed). */
  get done(): boolean {
    return this.#next >= this.#dates.length
  }

  /** Store the next edition if it can be stored now; whether one was (or a failed one passed over). */
  storeNext(): boolean {
    if (this.done) return false
    const place = this.#next
    const input = this.#parsed[place]
    if (input === undefined) return false
    if (input === null) {
      this.#next++
      return true
    }
    const after = this.#nextParsed(place)
    if (after === 'pending') return false
    const edition = this.#finalAt(place)
    const next = after === 'none' ? undefined : this.#finalAt(after)
    if (!edition || (after !== 'none' && !next)) return false
    if (hasSourceDamage(edition)) {
      const before = this.#last === undefined ? undefined : this.#dates[this.#last]
      this.#restorer.restore(edition, before, next?.parsed.effectiveDate)
    }
    // What is stored is let go, but for the neighbour before the next (a neighbour's paragraphs are read when first asked for).
    if (this.#last !== undefined) this.#final.delete(this.#last)
    this.#parsed[place] = undefined
    this.#last = place
    this.#next++
    this.#store(edition)
    return true
  }

  /** The place of the next edition parsed after `place`; 'none' when every later one failed, 'pending' while one is being parsed. */
  #nextParsed(place: number): number | 'none' | 'pending' {
    for (let later = place + 1; later < this.#dates.length; later++) {
      const input = this.#parsed[later]
      if (input === undefined) return 'pending'
      if (input !== null) return later
    }
    return 'none'
  }

  /**
   * The edition at `place` as it is stored, or undefined until the editions it depends on are parsed: read again
   * with the next edition (itself read again where it has misprints) as evidence, when its numbers break the sequence.
   */
  #finalAt(place: number): EditionInput | undefined {
    const known = this.#final.get(place)
    if (known) return known
    const input = this.#parsed[place]
    if (!input) return undefined
    let edition = input
    if (input.parsed.misprints > 0) {
      const after = this.#nextParsed(place)
      if (after === 'pending') return undefined
      if (after !== 'none') {
        const next = this.#finalAt(after)
        if (!next) return undefined
        edition = readWithNextEdition(input, next)
      }
    }
    this.#final.set(place, edition)
    return edition
  }
}
