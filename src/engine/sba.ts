/**
 * The reference state-based-action engine: `checkStateBasedActions(state, rules)`
 * performs an era's check loop until nothing more happens.
 *
 * Each pass reads one snapshot of the state, runs every check of the table
 * (`checks.ts`) that the era's edition has, and performs what they found all at
 * once as a single event (an object destroyed by two checks is destroyed once,
 * and one regeneration shield replaces both); then the check is repeated. Which
 * checks exist, and how they read (the legend rule keeps the oldest, all, or one
 * per controller), comes from the `EraRules` the knowledge base resolved; every
 * event cites the rule number and text of that edition.
 */
import { CrdbError } from '../vocabulary/errors.js'
import {
  facets,
  sbaChecks,
  type ChoiceRequest,
  type Effect,
  type Facet,
  type Finding,
  type GroupCheck,
  type ObjectCheck,
  type PlayerCheck,
  type SbaCheck,
  type SbaContext,
  type TeamCheck
} from './checks.js'
import type { Citation } from './citation.js'
import type { EraRules } from './rules.js'
import type { EraSemantics } from './semantics.js'
import type { GameState, GameVariantName, ObjectState, PlayerState, TeamState } from './state.js'

export type { ChoiceRequest } from './checks.js'

/** What a state-based action does: the effects of the table, and a regeneration shield replacing a destruction. */
export type SbaAction = Effect | 'regenerated'

/** One thing the engine did, with the rules that made it happen. */
export interface SbaEvent {
  /** The check (1 = the first) in which it happened. */
  pass: number
  action: SbaAction
  subject: { kind: 'object' | 'player' | 'team'; id: string; name?: string }
  /** What else to know: what was kept, how many counters, the new protector. */
  detail?: string
  /** The catalog checks that applied (several when their results are the same event). */
  checks: string[]
  /** Number and text of each of those checks in the era's edition. */
  rules: Citation[]
  /**
   * For an object that left the battlefield (or ceased to exist): its last known
   * information, the object as it was before any action of this check.
   */
  lastKnown?: ObjectState
}

/**
 * Answers a choice: the id of the object to keep, the player or sector chosen, or
 * `true`/`false` for "may"; `undefined` takes the default ({@link defaultChoice}).
 */
export type ChoiceCallback = (request: ChoiceRequest) => string | boolean | undefined

/** What `checkStateBasedActions` returns. */
export interface SbaResult {
  /** The state after the loop (the input is not changed; unchanged parts are shared). */
  state: GameState
  events: SbaEvent[]
  /** Checks performed, counting the last one, in which nothing happened. */
  passes: number
  /** The edition whose rules were applied. */
  edition: string
  /** The rules of the check loop in that edition (when to check, triggers, one replacement, last known information). */
  loop: Citation[]
  /** Conditions the era has no state-based action for, variants not in force, and the end of the game. */
  notes: string[]
  /** When one player (or team) is left, the game is over. */
  gameOver: { winners: string[] } | null
}

/**
 * The default answer to a choice, deterministic: keep the newest of the
 * legendary permanents or planeswalkers (highest timestamp; on a tie the one
 * listed last), the first opponent in player order as protector, sector alpha,
 * and put a commander into the command zone.
 */
export function defaultChoice(request: ChoiceRequest): string | boolean {
  switch (request.kind) {
    case 'legend-rule':
    case 'planeswalker-uniqueness': {
      let best = request.candidates[0]
      for (const candidate of request.candidates) if ((candidate.timestamp ?? 0) >= (best.timestamp ?? 0)) best = candidate
      return best.id
    }
    case 'protector':
      return request.candidates[0]
    case 'sector':
      return request.sectors[0]
    case 'commander-to-command-zone':
      return true
  }
}

/** One effect pending on one subject, with the checks that found it. */
interface Action {
  checks: string[]
  value?: string
  counters?: Array<{ check: string; kind: string; count: number }>
  kept?: string[]
}

/** Everything pending on one subject. */
interface Pending {
  kind: 'object' | 'player' | 'team'
  id: string
  effects: Map<Effect, Action>
}

/** An object check of a plan. */
interface ObjectItem {
  /** `check.detect`, read once (the table's entries have many shapes). */
  detect: ObjectCheck['detect']
  /** This check's own copy of {@link scanObjects}, so that its call of `detect` sees one function. */
  scan: typeof scanObjects
  check: ObjectCheck
  inForce: boolean
  /** The facets it looks at, as bit positions (see {@link facets}). */
  on: number[]
}

/**
 * The checks of one era and variant, compiled once for the loop. It holds what
 * depends on the era alone, never what was read from a state: each call reads
 * every object again, so a state changed in place between calls is read as it is.
 */
interface Plan {
  players: Array<{ check: PlayerCheck; inForce: boolean }>
  teams: Array<{ check: TeamCheck; inForce: boolean }>
  objects: ObjectItem[]
  /** Object checks that look at other objects, run once the board has been read. */
  after: ObjectItem[]
  groups: Array<{ check: GroupCheck; inForce: boolean; lists: number[] }>
  /** The facets gathered for group checks, as bit positions, one list each. */
  gathered: number[]
  /** The facets some check looks at or gathers. */
  used: number
  /** The era's check-loop rules, cited by every result. */
  loop: Citation[]
  /**
   * For each position in the list of permanents, where what the object there is
   * attached to was found last time: a guess that `Board.object` verifies (the
   * id must match) before using it, so it saves the id index on most boards.
   */
  hints: Int32Array
  /**
   * The buffers of {@link collect}, kept for the next call (allocating them each
   * call shows in profiles; not those of boards over {@link spareLimit} objects),
   * and taken while a call uses them (a choice callback may check another state
   * meanwhile). Only buffers: each call fills them anew.
   */
  spare: Positions | undefined
}

/**
 * The positions in the list of permanents of the objects of each facet: those
 * of facet `bit` are the first `count[bit]` from `at[bit * capacity]`. One
 * buffer for all, so the loop that fills it reads its address once.
 */
interface Positions {
  at: Int32Array
  count: Int32Array
  capacity: number
}

const maskOf = (names: readonly Facet[]): number => names.reduce((mask, name) => mask | facets[name], 0)
const bitOf = (name: Facet): number => 31 - Math.clz32(facets[name])

/** How many facets there are (bits of {@link facets}). */
const facetCount = Object.keys(facets).length

/** The most objects a plan keeps position buffers for between calls (about 6 MB). */
const spareLimit = 1 << 16

const plans = new WeakMap<EraRules, Map<string, Plan>>()

/** The checks `rules` has for `variant` (cached per era): in force, or able to say they are not. */
function planOf(rules: EraRules, variant: GameVariantName): Plan {
  let byVariant = plans.get(rules)
  if (!byVariant) plans.set(rules, (byVariant = new Map()))
  let plan = byVariant.get(variant)
  if (plan) return plan
  const loop = ['check-loop', 'check-loop-triggers', 'single-replacement-effect', 'last-known-information']
    .map((id) => rules.citation(id))
    .filter((c): c is Citation => c !== null)
  plan = { players: [], teams: [], objects: [], after: [], groups: [], gathered: [], used: 0, loop, hints: new Int32Array(0), spare: undefined }
  for (const check of sbaChecks as readonly SbaCheck[]) {
    if (check.variant !== undefined && check.variant !== variant) continue
    const inForce = rules.citation(check.id) !== null
    if (!inForce && !('unruled' in check && check.unruled)) continue
    if (check.subject === 'player') plan.players.push({ check, inForce })
    else if (check.subject === 'team') plan.teams.push({ check, inForce })
    else if (check.subject === 'object') {
      const item = { detect: check.detect, scan: scannerOf(check.id), check, inForce, on: check.on.map(bitOf) }
      ;(check.after ? plan.after : plan.objects).push(item)
      plan.used |= maskOf(check.on)
    } else {
      const lists = check.gather.map((name) => {
        const bit = bitOf(name)
        if (!plan!.gathered.includes(bit)) plan!.gathered.push(bit)
        return plan!.gathered.indexOf(bit)
      })
      plan.used |= maskOf(check.gather)
      plan.groups.push({ check, inForce, lists })
    }
  }
  byVariant.set(variant, plan)
  return plan
}

/** What an object check found on the object at a position (`item`: the check's index in its plan list). */
interface Hit {
  at: number
  item: number
  found: Finding | true
}

/**
 * Run one object check on the objects at `positions`, collecting what it found
 * in `hits`. It refers to nothing outside itself, so that each check can have
 * its own copy ({@link scannerOf}).
 */
function scanObjects(
  detect: ObjectCheck['detect'],
  objects: readonly ObjectState[],
  positions: Int32Array,
  from: number,
  count: number,
  board: Board,
  item: number,
  hits: Hit[]
): void {
  for (let p = from; p < from + count; p++) {
    const i = positions[p]
    // The position lets `Board.object` use its hint for what this object is attached to.
    board.at = i
    const found = detect(objects[i], board)
    if (found) hits.push({ at: i, item, found })
  }
  board.at = -1
}

/**
 * A copy of `fn` compiled apart, with its own inline caches (the comment makes
 * each source distinct), or `fn` itself where code can't be compiled at run
 * time (a CSP forbidding eval): same results, slower. `fn` must refer to
 * nothing outside itself.
 */
function copyOf<F extends (...args: never[]) => unknown>(fn: F, label: string): F {
  try {
    return new Function(`// ${label}\nreturn ${fn.toString()}`)() as F
  } catch {
    return fn
  }
}

const scanners = new Map<string, typeof scanObjects>()

/**
 * The copy of {@link scanObjects} for one check (made once per check). Called
 * for every check, one `scanObjects` would call a dozen `detect`s from one call
 * site, which V8 then calls generically instead of inlining; each copy calls one.
 * On the benchmark board the checks of each object cost a third as much this way.
 */
function scannerOf(id: string): typeof scanObjects {
  let scan = scanners.get(id)
  if (scan === undefined) scanners.set(id, (scan = copyOf(scanObjects, id)))
  return scan
}

/**
 * The facets of an object, as bits (`bits` is `facets`): every property the
 * checks route on, read once. It refers to nothing outside itself, so that
 * `classifiers` can hold copies of it.
 */
function classify(object: ObjectState, legendSubtypeCounts: boolean, bits: typeof facets): number {
  let mask = 0
  const deathtouched = object.deathtouchDamage === true
  if (deathtouched || object.enteredZoneSinceLastCheck === true) mask = bits.sinceLastCheck
  const copy = object.copy !== undefined && object.copy !== null
  const zone = object.zone
  if (zone !== undefined && zone !== 'battlefield') return mask | bits.elsewhere | (zone === 'command' ? bits.command : 0) | (copy ? bits.copy : 0)
  if (object.phasedOut) return mask | bits.phasedOut
  mask |= bits.permanent
  if (copy) mask |= bits.copy
  if (deathtouched) mask |= bits.deathtouched
  const types = object.types
  for (let i = 0; i < types.length; i++) {
    const type = types[i]
    if (type === 'Creature') mask |= bits.creature
    else if (type === 'Planeswalker') mask |= bits.planeswalker
    else if (type === 'Battle') mask |= bits.battle
  }
  const supertypes = object.supertypes
  if (supertypes !== undefined) {
    for (let i = 0; i < supertypes.length; i++) {
      if (supertypes[i] === 'Legendary') mask |= bits.legendary
      else if (supertypes[i] === 'World') mask |= bits.world
    }
  }
  const attached = object.attachedTo !== undefined && object.attachedTo !== null
  const subtypes = object.subtypes
  if (subtypes !== undefined) {
    let role = false
    for (let i = 0; i < subtypes.length; i++) {
      const subtype = subtypes[i]
      // By length first: most subtypes (creature types) are none of these, and one comparison says so.
      switch (subtype.length) {
        case 4:
          if (subtype === 'Aura') mask |= bits.aura
          else if (subtype === 'Saga') mask |= bits.saga
          else if (subtype === 'Role') role = true
          break
        case 6:
          if (subtype === 'Legend' && legendSubtypeCounts) mask |= bits.legendary
          break
        case 9:
        case 13:
          if (subtype === 'Equipment' || subtype === 'Fortification') mask |= attached ? bits.attachedEquipment : 0
      }
    }
    if (role && attached && mask & bits.aura) mask |= bits.role
  }
  if (attached && (!(mask & (bits.aura | bits.attachedEquipment)) || mask & (bits.creature | bits.battle))) mask |= bits.attachedOther
  if (object.counters !== undefined) mask |= object.counterLimits !== undefined ? bits.counters | bits.limited : bits.counters
  if (attached) mask |= bits.attached
  const abilities = object.abilities
  if (abilities !== undefined) {
    if (abilities.includes('space sculptor')) mask |= bits.sculptor
    if (abilities.includes('start your engines!')) mask |= bits.engines
  }
  return mask
}

/**
 * Copies of `classify` for the common first card types. V8 keeps one inline
 * cache per property read per function: read through one function, a board's
 * dozen object shapes make each read megamorphic, while one card type has few
 * shapes. On the benchmark board this halves the time of a full check (measured
 * again after the other optimizations: about 3,200 full checks per CPU-second
 * with `classify` alone, 6,600 with the copies). With the copies of
 * `scanObjects`, the only places the engine compiles code ({@link copyOf});
 * remove them only with a measurement that shows they no longer pay.
 */
const classifiers = {
  creature: copyOf(classify, 'Creature'),
  land: copyOf(classify, 'Land'),
  artifact: copyOf(classify, 'Artifact'),
  enchantment: copyOf(classify, 'Enchantment'),
  planeswalker: copyOf(classify, 'Planeswalker')
}

/** The facets of `object`, through the classifier of its first card type (each call site sees one function). */
function facetsOf(object: ObjectState, legendSubtypeCounts: boolean): number {
  switch (object.types[0]) {
    case 'Creature':
      return classifiers.creature(object, legendSubtypeCounts, facets)
    case 'Land':
      return classifiers.land(object, legendSubtypeCounts, facets)
    case 'Artifact':
      return classifiers.artifact(object, legendSubtypeCounts, facets)
    case 'Enchantment':
      return classifiers.enchantment(object, legendSubtypeCounts, facets)
    case 'Planeswalker':
      return classifiers.planeswalker(object, legendSubtypeCounts, facets)
    default:
      return classify(object, legendSubtypeCounts, facets)
  }
}

/** The variant checks whose absence a game of that variant notes once. */
const variantNotes: Partial<Record<GameVariantName, { name: string; check: string; suffix?: string }>> = {
  'two-headed-giant': { name: 'Two-Headed Giant', check: 'team-zero-life-2hg', suffix: '; players are checked one by one' },
  commander: { name: 'Commander', check: 'commander-damage' },
  archenemy: { name: 'Archenemy', check: 'archenemy-scheme' },
  planechase: { name: 'Planechase', check: 'planechase-phenomenon' }
}

/** The board as the checks read it: one snapshot at a time, with the era's rules. */
class Board implements SbaContext {
  state: GameState
  readonly variant: GameVariantName
  readonly twoHeaded: boolean
  readonly notes = new Set<string>()
  /** Indestructible objects already noted (one note each, whatever the passes). */
  readonly indestructible = new Set<string>()
  /** The position in `state.permanents` of the object whose checks are running (see `object`), else -1. */
  at = -1
  /** Position by id in `state.permanents`, built on the first lookup a hint does not answer. */
  private index: Map<string, number> | undefined
  private inGame: PlayerState[] | undefined
  private readonly range: number | undefined

  constructor(
    state: GameState,
    readonly rules: EraRules,
    readonly semantics: EraSemantics,
    private readonly plan: Plan,
    private readonly choose: ChoiceCallback | undefined
  ) {
    this.state = state
    this.variant = state.variant ?? 'normal'
    this.twoHeaded = this.variant === 'two-headed-giant' && rules.citation('team-zero-life-2hg') !== null
    this.range = state.rangeOfInfluence
  }

  /** Read a new snapshot: nothing read from the previous one is kept. */
  read(state: GameState): void {
    this.state = state
    this.index = undefined
    this.inGame = undefined
    this.at = -1
    if (this.plan.hints.length < state.permanents.length) this.plan.hints = new Int32Array(state.permanents.length)
  }

  get playersInGame(): PlayerState[] {
    return (this.inGame ??= this.state.players.filter((player) => !player.lost))
  }

  player(id: string): PlayerState | undefined {
    // A handful of players: a scan costs less than an index per snapshot.
    const players = this.state.players
    for (let i = 0; i < players.length; i++) if (players[i].id === id) return players[i]
    return undefined
  }

  object(id: string, from?: ObjectState): ObjectState | undefined {
    const objects = this.state.permanents
    const at = from !== undefined && objects[this.at] === from ? this.at : -1
    if (at >= 0) {
      // Where the asking object's target was last time, if the object there now has that id.
      const guess = objects[this.plan.hints[at]]
      if (guess !== undefined && guess.id === id) return guess
    }
    let index = this.index
    if (index === undefined) {
      index = new Map()
      for (let i = 0; i < objects.length; i++) index.set(objects[i].id, i)
      this.index = index
    }
    const position = index.get(id)
    if (position === undefined) return undefined
    if (at >= 0) this.plan.hints[at] = position
    return objects[position]
  }

  inForce(id: string): boolean {
    return this.rules.citation(id) !== null
  }

  cite(id: string): Citation | null {
    return this.rules.citation(id)
  }

  notInForce(id: string): string {
    const answer = this.rules.check(id)
    return answer.inForce ? '' : answer.message
  }

  note(text: string): void {
    this.notes.add(text)
  }

  /** The rule an era-profile switch cites, as a note's ending. */
  profileNote(id: string): string {
    const entry = this.rules.profile().get(id)
    return entry?.rule ? `${entry.rule.number} ${entry.rule.text}` : `no rule of the edition of ${this.rules.edition} says so`
  }

  withinRange(player: string, other: string, rule: 'legend' | 'world' | 'aura'): boolean {
    if (this.range === undefined || player === other || this.rules.profile().get(`limited-range-${rule}`)?.value !== true) return true
    const seats = this.state.players
    const a = seats.findIndex((p) => p.id === player)
    const b = seats.findIndex((p) => p.id === other)
    if (a < 0 || b < 0) return true
    const apart = Math.abs(a - b)
    return Math.min(apart, seats.length - apart) <= this.range
  }

  apnap(ids: Iterable<string>): string[] {
    const order = this.state.players.map((player) => player.id)
    const active = this.state.activePlayer ? order.indexOf(this.state.activePlayer) : 0
    const rank = (id: string): number => (order.indexOf(id) - active + order.length) % order.length
    return [...ids].sort((a, b) => rank(a) - rank(b))
  }

  ask(request: ChoiceRequest): string | boolean {
    const answer = this.choose?.(request)
    if (answer === undefined) return defaultChoice(request)
    const valid =
      request.kind === 'commander-to-command-zone'
        ? typeof answer === 'boolean'
        : request.kind === 'protector'
          ? request.candidates.includes(answer as string)
          : request.kind === 'sector'
            ? request.sectors.includes(answer as string)
            : request.candidates.some((candidate) => candidate.id === answer)
    if (!valid) throw new CrdbError('E_USAGE', `choice for ${request.kind}: ${JSON.stringify(answer)} is not one of the options`)
    return answer
  }
}

/**
 * Perform the state-based actions of `rules`' edition on `state` until none applies.
 * Every call reads the whole state: nothing read from a state is kept between calls,
 * so a caller may change a state in place and check it again.
 *
 * @param rules the era (from `openRules`); only its citations, semantics and profile are read.
 * @param choose answers the choices the rules leave to players (default: {@link defaultChoice}).
 * @throws {CrdbError} `E_USAGE` when `choose` answers with something that is not one of the options.
 */
export function checkStateBasedActions(state: GameState, rules: EraRules, choose?: ChoiceCallback): SbaResult {
  const variant = state.variant ?? 'normal'
  const plan = planOf(rules, variant)
  const board = new Board(state, rules, rules.semantics, plan, choose)
  const variantNote = variantNotes[variant]
  if (variantNote && !board.inForce(variantNote.check)) board.note(`${variantNote.name}: ${board.notInForce(variantNote.check)}${variantNote.suffix ?? ''}`)
  const events: SbaEvent[] = []
  let current = state
  let passes = 0
  let gameOver: SbaResult['gameOver'] = null
  for (;;) {
    if (++passes > 1000) {
      board.note('stopped after 1000 checks: the state keeps changing')
      break
    }
    board.read(current)
    const { pending, flagged } = collect(board, plan)
    if (pending.size === 0) {
      if (flagged) current = clearSinceLastCheckFlags(current)
      break
    }
    const before = events.length
    current = apply(board, current, pending, passes, events)
    if (events.length === before) break // only actions that changed nothing (e.g. indestructible)
    gameOver = gameOverOf(current, board)
    if (gameOver) break
  }
  return { state: current, events, passes, edition: rules.edition, loop: [...plan.loop], notes: [...board.notes], gameOver }
}

/** What one pass found: the actions pending, by subject id. */
class Findings {
  readonly pending = new Map<string, Pending>()

  constructor(private readonly board: Board) {}

  /** Perform what a check found, or note that the era has no such rule. */
  act<S extends PlayerState | TeamState | ObjectState>(
    check: SbaCheck & { unruled?(subject: S, context: SbaContext): string },
    inForce: boolean,
    kind: Pending['kind'],
    subject: S,
    found: Finding | true
  ): void {
    if (inForce) this.mark(check, kind, subject.id, found)
    else if (check.unruled) this.board.note(check.unruled(subject, this.board))
  }

  /** Perform the `hits` of object checks `items` on `objects`, in their order. */
  perform(hits: readonly Hit[], items: readonly ObjectItem[], objects: readonly ObjectState[]): void {
    for (const { at, item, found } of hits) this.act(items[item].check, items[item].inForce, 'object', objects[at], found)
  }

  mark(check: SbaCheck, kind: Pending['kind'], id: string, found: Finding | true): void {
    const finding: Finding = found === true ? {} : found
    let value = finding.value
    if (finding.choose) {
      const answer = this.board.ask(finding.choose)
      if (answer === false) return
      if (typeof answer === 'string') value = answer
    }
    let entry = this.pending.get(id)
    if (!entry) this.pending.set(id, (entry = { kind, id, effects: new Map() }))
    const effect = finding.does ?? check.does
    let action = entry.effects.get(effect)
    if (!action) entry.effects.set(effect, (action = { checks: [] }))
    if (!action.checks.includes(check.id)) action.checks.push(check.id)
    if (value !== undefined) action.value = value
    for (const { kind: counter, count } of finding.counters ?? []) (action.counters ??= []).push({ check: check.id, kind: counter, count })
    if (finding.kept) (action.kept ??= []).push(`${finding.kept.name} (${finding.kept.id})`)
  }
}

/** Read the facets of every object, note its position under each facet of `used`, and return the facets present. */
function readFacets(objects: readonly ObjectState[], legendSubtypeCounts: boolean, used: number, positions: Positions): number {
  const { at, count, capacity } = positions
  let present = 0
  for (let i = 0; i < objects.length; i++) {
    const mask = facetsOf(objects[i], legendSubtypeCounts)
    present |= mask
    // Lowest bit first.
    for (let rest = mask & used; rest !== 0; rest &= rest - 1) {
      const bit = 31 - Math.clz32(rest & -rest)
      at[bit * capacity + count[bit]++] = i
    }
  }
  return present
}

/** What `items` find on `objects` (`positions`: those of the objects of each facet), by object then by check. */
function runChecks(items: readonly ObjectItem[], objects: readonly ObjectState[], positions: Positions, board: Board): Hit[] {
  const hits: Hit[] = []
  for (let k = 0; k < items.length; k++) {
    const item = items[k]
    const on = item.on
    if (on.length === 1) {
      const count = positions.count[on[0]]
      if (count > 0) item.scan(item.detect, objects, positions.at, on[0] * positions.capacity, count, board, k, hits)
    } else {
      const { at, count, capacity } = positions
      const merged = Int32Array.from(new Set(on.flatMap((bit) => [...at.subarray(bit * capacity, bit * capacity + count[bit])]))).sort()
      item.scan(item.detect, objects, merged, 0, merged.length, board, k, hits)
    }
  }
  if (hits.length > 1) hits.sort((a, b) => a.at - b.at || a.item - b.item)
  return hits
}

/** Every state-based action that applies to the board's snapshot, by subject id; and whether it has "since the last check" flags. */
function collect(board: Board, plan: Plan): { pending: Map<string, Pending>; flagged: boolean } {
  const findings = new Findings(board)
  const snapshot = board.state
  let flagged = false
  const players = snapshot.players
  for (let p = 0; p < players.length; p++) {
    const player = players[p]
    if (player.attemptedDrawFromEmptyLibrary) flagged = true
    if (player.lost) continue
    for (const { check, inForce } of plan.players) {
      const found = check.detect(player, board)
      if (found) findings.act(check, inForce, 'player', player, found)
    }
  }
  if (board.twoHeaded && snapshot.teams) {
    for (const team of snapshot.teams) {
      if (team.lost) continue
      for (const { check, inForce } of plan.teams) {
        const found = check.detect(team, board)
        if (found) findings.act(check, inForce, 'team', team, found)
      }
    }
  }
  // Each object is read once, into its facets; each check then runs on the objects of its facets.
  const legendSubtypeCounts = board.semantics.legendSubtypeCounts
  const objects = snapshot.permanents
  const used = plan.used
  let positions = plan.spare
  plan.spare = undefined
  if (positions === undefined || positions.capacity < objects.length) {
    const capacity = Math.max(objects.length, 16)
    positions = { at: new Int32Array(facetCount * capacity), count: new Int32Array(facetCount), capacity }
  } else positions.count.fill(0)
  const present = readFacets(objects, legendSubtypeCounts, used, positions)
  if (present & facets.sinceLastCheck) flagged = true
  // What the checks found is performed by object, then by check, as a loop over objects running their checks would.
  findings.perform(runChecks(plan.objects, objects, positions, board), plan.objects, objects)
  findings.perform(runChecks(plan.after, objects, positions, board), plan.after, objects)
  const lists: ObjectState[][] = []
  for (const bit of plan.gathered) {
    const list: ObjectState[] = []
    const { at, count, capacity } = positions
    for (let p = bit * capacity; p < bit * capacity + count[bit]; p++) list.push(objects[at[p]])
    lists.push(list)
  }
  if (positions.capacity <= spareLimit) plan.spare = positions
  for (const { check, inForce, lists: indexes } of plan.groups) {
    const gathered: ObjectState[][] = []
    for (const index of indexes) gathered.push(lists[index])
    // Written where it is passed: a function bound to a name gets that name set on each call under tsx (keepNames).
    check.detect(gathered, board, (subject, finding, situation) => {
      if (inForce) findings.mark(check, subject.kind, subject.id, finding)
      else if (situation) board.note(`${situation}: ${board.notInForce(check.id)}`)
    })
  }
  return { pending: findings.pending, flagged }
}

/** Perform every pending action at once and return the new state. */
function apply(board: Board, snapshot: GameState, pending: Map<string, Pending>, pass: number, events: SbaEvent[]): GameState {
  const event = (action: SbaAction, subject: SbaEvent['subject'], checks: readonly string[], detail?: string, lastKnown?: ObjectState): void => {
    events.push({
      pass,
      action,
      subject,
      ...(detail ? { detail } : {}),
      checks: [...checks],
      rules: checks.map((id) => board.cite(id)!),
      ...(lastKnown ? { lastKnown } : {})
    })
  }
  // "Since the last check" flags are consumed by this check.
  let players: PlayerState[] = snapshot.players.map((player) =>
    player.attemptedDrawFromEmptyLibrary ? { ...player, attemptedDrawFromEmptyLibrary: false } : player
  )
  let teams = snapshot.teams
  const objects: ObjectState[] = []
  for (const object of snapshot.permanents) {
    const entry = pending.get(object.id)
    let next: ObjectState | null =
      object.deathtouchDamage || object.enteredZoneSinceLastCheck ? { ...object, deathtouchDamage: false, enteredZoneSinceLastCheck: false } : object
    if (entry && entry.kind === 'object') next = applyToObject(board, next, entry.effects, object, event, players)
    if (next) objects.push(next)
  }
  const loses = (id: string): void => {
    players = players.map((p) => (p.id === id || (board.twoHeaded && p.team === id) ? { ...p, lost: true } : p))
  }
  for (const entry of pending.values()) {
    if (entry.kind === 'object') continue
    const lose = entry.effects.get('loses-game')
    const members = entry.kind === 'team' ? players.filter((p) => p.team === entry.id) : []
    const protectedBy = entry.kind === 'team' ? members.find((p) => p.cantLose) : players.find((p) => p.id === entry.id && p.cantLose)
    if (lose && protectedBy) board.note(`${protectedBy.id} can't lose the game: ${lose.checks.join(', ')} ${lose.checks.length > 1 ? 'do' : 'does'} nothing`)
    else if (lose && entry.kind === 'team') {
      teams = (teams ?? []).map((team): TeamState => (team.id === entry.id ? { ...team, lost: true } : team))
      event('loses-game', { kind: 'team', id: entry.id }, lose.checks, `players ${members.map((p) => p.id).join(', ')}`)
      loses(entry.id)
    } else if (lose) {
      const player = players.find((p) => p.id === entry.id)!
      const team = board.twoHeaded && player.team !== undefined ? player.team : undefined
      const mates = team === undefined ? [] : players.filter((p) => p.team === team && p.id !== player.id && !p.lost).map((p) => p.id)
      event(
        'loses-game',
        { kind: 'player', id: player.id },
        lose.checks,
        team === undefined ? undefined : `team ${team} loses with them${mates.length ? ` (${mates.join(', ')})` : ''}`
      )
      players = players.map((p) => (p.id === player.id ? { ...p, lost: true } : p))
      if (team !== undefined) {
        teams = (teams ?? []).map((t): TeamState => (t.id === team ? { ...t, lost: true } : t))
        loses(team)
      }
    }
    const dungeon = entry.effects.get('dungeon-removed')
    if (dungeon) {
      event(
        'dungeon-removed',
        { kind: 'player', id: entry.id },
        dungeon.checks,
        `${players.find((p) => p.id === entry.id)!.dungeon!.name} is removed from the game`
      )
      players = players.map((p) => (p.id === entry.id ? { ...p, dungeon: null } : p))
    }
    const speed = entry.effects.get('speed-set')
    if (speed) {
      event('speed-set', { kind: 'player', id: entry.id }, speed.checks, 'speed 1')
      players = players.map((p) => (p.id === entry.id ? { ...p, speed: 1 } : p))
    }
  }
  const next: GameState = { ...snapshot, players, permanents: objects }
  if (teams) next.teams = teams
  return next
}

type Emit = (action: SbaAction, subject: SbaEvent['subject'], checks: readonly string[], detail?: string, lastKnown?: ObjectState) => void

const subjectOf = (object: ObjectState): SbaEvent['subject'] => ({ kind: 'object', id: object.id, name: object.name })
const onBattlefield = (object: ObjectState): boolean => (object.zone ?? 'battlefield') === 'battlefield'

function toGraveyard(object: ObjectState): ObjectState {
  const {
    damage: _damage,
    counters: _counters,
    attachedTo: _attachedTo,
    phasedOut: _phasedOut,
    regenerationShields: _shields,
    sector: _sector,
    protector: _protector,
    attacked: _attacked,
    ...rest
  } = object
  return { ...rest, zone: 'graveyard', controller: object.owner ?? object.controller, enteredZoneSinceLastCheck: true, deathtouchDamage: false }
}

/**
 * Perform an object's pending effects. A zone change wins over the rest: ceasing
 * to exist, then the graveyard (put or sacrificed, which a destruction joins),
 * then a destruction (which indestructible ignores and a regeneration shield replaces).
 */
function applyToObject(
  board: Board,
  object: ObjectState,
  effects: Map<Effect, Action>,
  before: ObjectState,
  event: Emit,
  players: readonly PlayerState[]
): ObjectState | null {
  const get = (effect: Effect): Action | undefined => effects.get(effect)
  const cease = get('ceases-to-exist')
  if (cease) {
    event('ceases-to-exist', subjectOf(object), cease.checks, undefined, before)
    return null
  }
  const graveyard = get('put-into-graveyard')
  const sacrifice = get('sacrificed')
  const destroy = get('destroyed')
  if (graveyard || sacrifice) {
    const checks = [...(graveyard?.checks ?? []), ...(sacrifice?.checks ?? []), ...(destroy?.checks ?? [])]
    const kept = [...(graveyard?.kept ?? []), ...(sacrifice?.kept ?? [])]
    event(
      graveyard ? 'put-into-graveyard' : 'sacrificed',
      subjectOf(object),
      checks,
      kept.length ? `kept ${[...new Set(kept)].join(', ')}` : undefined,
      onBattlefield(before) ? before : undefined
    )
    return toGraveyard(object)
  }
  if (destroy) {
    if (object.abilities?.includes('indestructible')) {
      if (!board.indestructible.has(object.id)) board.note(`${object.name} (${object.id}) is indestructible: ${destroy.checks.join(', ')} destroys nothing`)
      board.indestructible.add(object.id)
    } else if ((object.regenerationShields ?? 0) > 0) {
      event('regenerated', subjectOf(object), destroy.checks, 'a regeneration shield replaces the destruction: damage removed, tapped, removed from combat')
      object = { ...object, regenerationShields: object.regenerationShields! - 1, damage: 0, deathtouchDamage: false }
    } else {
      event('destroyed', subjectOf(object), destroy.checks, undefined, before)
      return toGraveyard(object)
    }
  }
  const commandZone = get('to-command-zone')
  if (commandZone) {
    event('to-command-zone', subjectOf(object), commandZone.checks, `from the ${object.zone === 'exile' ? board.semantics.exile : object.zone}`)
    return { ...object, zone: 'command', enteredZoneSinceLastCheck: false }
  }
  const scheme = get('scheme-to-bottom')
  if (scheme) {
    event('scheme-to-bottom', subjectOf(object), scheme.checks, 'turned face down, put on the bottom of the scheme deck')
    return { ...object, zone: 'scheme-deck', faceUp: false }
  }
  const planeswalk = get('planeswalked')
  if (planeswalk) {
    const planar = players.find((player) => player.planarController) ?? players[0]
    event('planeswalked', subjectOf(object), planeswalk.checks, `${planar.id} planeswalks; the phenomenon goes to the bottom of the planar deck`)
    return { ...object, zone: 'planar-deck', faceUp: false }
  }
  const unattach = get('unattached')
  if (unattach) {
    event('unattached', subjectOf(object), unattach.checks, `from ${object.attachedTo}`)
    object = { ...object, attachedTo: null }
  }
  const removal = get('counters-removed')
  if (removal) {
    const counters = { ...object.counters }
    for (const { kind, count } of removal.counters ?? []) {
      counters[kind] = (counters[kind] ?? 0) - count
      if (counters[kind] <= 0) delete counters[kind]
    }
    const checks = [...new Set((removal.counters ?? []).map((c) => c.check))]
    event('counters-removed', subjectOf(object), checks, `removed ${(removal.counters ?? []).map((c) => `${c.count} ${c.kind}`).join(' and ')}`)
    object = { ...object, counters }
  }
  const sector = get('sector-chosen')
  if (sector) {
    event('sector-chosen', subjectOf(object), sector.checks, `sector ${sector.value}`)
    object = { ...object, sector: sector.value }
  }
  const protector = get('protector-chosen')
  if (protector) {
    event('protector-chosen', subjectOf(object), protector.checks, `protector ${protector.value}`)
    object = { ...object, protector: protector.value }
  }
  return object
}

function clearSinceLastCheckFlags(state: GameState): GameState {
  return {
    ...state,
    players: state.players.map((player) => (player.attemptedDrawFromEmptyLibrary ? { ...player, attemptedDrawFromEmptyLibrary: false } : player)),
    permanents: state.permanents.map((object) =>
      object.deathtouchDamage || object.enteredZoneSinceLastCheck ? { ...object, deathtouchDamage: false, enteredZoneSinceLastCheck: false } : object
    )
  }
}

/**
 * The end of the game, when one side (a team in Two-Headed Giant, else a player)
 * or none is left; `null` while two or more are, or for a one-player state. A
 * player who "can't win" still wins when every opponent has left the game.
 */
function gameOverOf(state: GameState, board: Board): SbaResult['gameOver'] {
  if (state.players.length < 2) return null
  let total: number
  let winners: string[]
  if (state.variant === 'two-headed-giant' && state.teams && state.teams.length >= 2) {
    total = state.teams.length
    winners = state.teams.filter((team) => !team.lost && state.players.some((player) => player.team === team.id && !player.lost)).map((team) => team.id)
  } else {
    total = state.players.length
    winners = state.players.filter((player) => !player.lost).map((player) => player.id)
  }
  if (total < 2 || winners.length > 1) return null
  const cantWin = state.players.find((player) => !player.lost && player.cantWin)
  if (cantWin) board.note(`${cantWin.id} can't win the game, but every opponent has left it: ${board.profileNote('win-overrides-cant-win')}`)
  board.note(winners.length ? `the game is over: ${winners.join(', ')} wins` : 'the game is over: a draw (every player lost at once)')
  return { winners }
}
