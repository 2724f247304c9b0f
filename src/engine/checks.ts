/**
 * The state-based actions as a table: one entry per check, saying how its rule
 * is found (anchors, see `catalog.ts`), what it detects and what it does. The
 * engine (`sba.ts`) runs the entries of the era in a short generic loop and
 * performs their effects; adding a check means adding an entry here.
 *
 * An entry looks at one kind of subject:
 * - `player` / `team`: each player (team) still in the game;
 * - `object`: each object with one of the facets in `on` (a creature, an Aura,
 *   an object outside the battlefield, ...);
 * - `group`: the objects of its facets gathered over the whole board (the legend
 *   rule compares legendary permanents), reported through `found`.
 *
 * `detect` answers `true` (perform `does`), a {@link Finding} (what to perform,
 * or a choice to ask first), or nothing. Where the era has no such rule, an entry
 * with `unruled` turns what it found into a note saying so.
 */
import { sba, declared, type CheckDefinition } from './anchors.js'
import type { Citation } from './citation.js'
import type { SbaActionName } from './actions.js'
import type { EraSemantics } from './semantics.js'
import type { GameState, GameVariantName, ObjectState, PlayerState, TeamState } from './state.js'

/** What a state-based action does (every action but regenerating, which replaces one). */
export type Effect = Exclude<SbaActionName, 'regenerated'>

/** A choice the rules leave to a player. */
export type ChoiceRequest =
  | { kind: 'legend-rule'; player: string; name: string; candidates: readonly ObjectState[] }
  | { kind: 'planeswalker-uniqueness'; player: string; type: string; candidates: readonly ObjectState[] }
  | { kind: 'protector'; battle: ObjectState; player: string; candidates: readonly string[] }
  | { kind: 'sector'; creature: ObjectState; player: string; sectors: readonly string[] }
  | { kind: 'commander-to-command-zone'; commander: ObjectState; player: string }

/** What a check found on one subject, when more than "perform its effect". */
export interface Finding {
  /** Perform this effect instead of the entry's `does`. */
  does?: Effect
  /** Ask this first: `false` cancels, `true` performs, a string is the value chosen. */
  choose?: ChoiceRequest
  /** The value of the effect (a protector, a sector). */
  value?: string
  /** Counters to remove. */
  counters?: Array<{ kind: string; count: number }>
  /** The object kept (legend rule, uniqueness rules, world rule, Roles). */
  kept?: ObjectState | null
}

/** What a check can read while it looks at one snapshot. */
export interface SbaContext {
  readonly state: GameState
  readonly semantics: EraSemantics
  readonly variant: GameVariantName
  /** A Two-Headed Giant game whose team rules are in force. */
  readonly twoHeaded: boolean
  /** The player with this id in the snapshot. */
  player(id: string): PlayerState | undefined
  /** The object with this id in the snapshot (`from`: the object asking, e.g. an Aura for what it enchants). */
  object(id: string, from?: ObjectState): ObjectState | undefined
  /** Whether the check (or era-profile switch) `id` has a rule in force in the era. */
  inForce(id: string): boolean
  /** The rule that check `id` cites in the era (number and text), or `null` where it is not in force. */
  cite(id: string): Citation | null
  /** The "not in force" message of a check, or of an era-profile switch. */
  notInForce(id: string): string
  /** Add a note to the result (a condition the era has no rule for, a rule ignored in a variant). */
  note(text: string): void
  /**
   * Whether `other` is within `player`'s range of influence for `rule`: always,
   * unless the state sets a limited range and the era has the rule that limits it.
   */
  withinRange(player: string, other: string, rule: 'legend' | 'world' | 'aura'): boolean
  /** The players still in the game, in seating order. */
  readonly playersInGame: readonly PlayerState[]
  /** The players in APNAP order, starting from the active player. */
  apnap(ids: Iterable<string>): string[]
  /** Ask a player's choice now (for checks that must know the answer to decide). */
  ask(request: ChoiceRequest): string | boolean
}

/** What `detect` answers. */
type Found = Finding | boolean | undefined

/** Where an object check looks: bits of the facets an object has. */
export const facets = {
  elsewhere: 1 << 0,
  phasedOut: 1 << 1,
  command: 1 << 2,
  permanent: 1 << 3,
  creature: 1 << 4,
  planeswalker: 1 << 5,
  battle: 1 << 6,
  legendary: 1 << 7,
  world: 1 << 8,
  aura: 1 << 9,
  attachedEquipment: 1 << 10,
  saga: 1 << 11,
  role: 1 << 12,
  counters: 1 << 13,
  attached: 1 << 14,
  sculptor: 1 << 15,
  engines: 1 << 16,
  /** A copy of a card or of a spell. */
  copy: 1 << 17,
  /** Dealt damage by a deathtouch source since the last check. */
  deathtouched: 1 << 18,
  /** Has counters and a limit on some kind of them. */
  limited: 1 << 19,
  /** Carries a "since the last check" flag (deathtouch damage, entered its zone). */
  sinceLastCheck: 1 << 20,
  /** Attached to something while not an Aura, Equipment or Fortification, or while a creature or a battle. */
  attachedOther: 1 << 21
} as const

/** A facet name. */
export type Facet = keyof typeof facets

interface Entry extends CheckDefinition {
  /** What it does when it applies. */
  does: Effect
}

/** A check on each player still in the game. */
export interface PlayerCheck extends Entry {
  subject: 'player'
  detect(player: PlayerState, context: SbaContext): Found
  unruled?(player: PlayerState, context: SbaContext): string
}

/** A check on each team still in the game (Two-Headed Giant). */
export interface TeamCheck extends Entry {
  subject: 'team'
  detect(team: TeamState, context: SbaContext): Found
}

/** A check on each object with one of its facets. */
export interface ObjectCheck extends Entry {
  subject: 'object'
  on: Facet[]
  /** It looks at other objects too (what it is attached to): run once every object has been read. */
  after?: true
  detect(object: ObjectState, context: SbaContext): Found
  unruled?(object: ObjectState, context: SbaContext): string
}

/** Reports what a group check found; `situation` makes a note where the era has no such rule. */
type Report = (subject: { kind: 'object' | 'player'; id: string }, finding: Finding | true, situation?: string) => void

/** A check comparing the objects of its facets across the board. */
export interface GroupCheck extends Entry {
  subject: 'group'
  gather: Facet[]
  /** Run it where the era has no such rule, for its notes. */
  unruled?: true
  detect(groups: ObjectState[][], context: SbaContext, found: Report): void
}

/** An entry of the table. */
export type SbaCheck = PlayerCheck | TeamCheck | ObjectCheck | GroupCheck

const count = (object: ObjectState, kind: string): number => object.counters?.[kind] ?? 0
const has = (list: readonly string[] | undefined, word: string): boolean => list?.includes(word) === true
const named = (object: ObjectState): string => `${object.name} (${object.id})`
// Keys of `groupsOf`, made once rather than on each check.
const nameOf = (object: ObjectState): string => object.name
const subtypesOf = (object: ObjectState): readonly string[] | undefined => object.subtypes

/** Toughness: the base value, +1/+1 and -1/-1 counters, and continuous effects. */
export function toughnessOf(object: ObjectState): number {
  // Named reads rather than `count`: one keyed read shared by every kind of counter is megamorphic.
  const counters = object.counters
  let toughness = (object.toughness ?? 0) + (counters?.['+1/+1'] ?? 0) - (counters?.['-1/-1'] ?? 0)
  const effects = object.powerToughnessEffects
  if (effects !== undefined) for (const effect of effects) toughness += effect.toughness ?? 0
  return toughness
}

/** A Saga's final chapter number: as given, else 0 for a Saga without chapter abilities (714.2d), else unknown. */
function finalChapterOf(object: ObjectState): number | undefined {
  return object.finalChapter ?? (object.hasChapterAbilities === false ? 0 : undefined)
}

/** The card type an Aura's enchant word names, as state validation spells it ("creature": "Creature"). */
function cardTypeNamed(word: string): string | undefined {
  switch (word) {
    case 'artifact':
      return 'Artifact'
    case 'battle':
      return 'Battle'
    case 'creature':
      return 'Creature'
    case 'enchantment':
      return 'Enchantment'
    case 'land':
      return 'Land'
    case 'planeswalker':
      return 'Planeswalker'
    default:
      return undefined
  }
}

/**
 * Whether `type` (a card type, "Creature") in lower case is `word` ("creature"),
 * as `type.toLowerCase() === word` says, without making the lower-case string:
 * first the usual case, a type in its canonical spelling (one comparison, where
 * the loop below costs an Aura check half its time), then character by character.
 * Up to the first difference every character was ASCII, so a difference there is
 * one in the lower-case string too.
 */
function isLowerCaseOf(type: string, word: string): boolean {
  if (type === cardTypeNamed(word)) return true
  const n = type.length
  for (let i = 0; i < n; i++) {
    const a = type.charCodeAt(i)
    if (a > 127) return type.toLowerCase() === word
    // Past the end of `word`, charCodeAt is NaN: a difference.
    if ((a >= 65 && a <= 90 ? a + 32 : a) !== word.charCodeAt(i)) return false
  }
  return n === word.length
}

/** Whether `quality` (a protection) covers `source` (an Aura or Equipment). */
function protects(quality: string, source: ObjectState): boolean {
  if (quality === 'everything') return true
  if (quality.startsWith('player:')) return source.controller === quality.slice('player:'.length)
  if (has(source.colors, quality)) return true
  if (quality === 'multicolored') return (source.colors?.length ?? 0) > 1
  if (quality === 'monocolored') return source.colors?.length === 1
  const type = quality.replace(/s$/, '')
  return source.types.some((t) => t.toLowerCase() === type) || (source.subtypes ?? []).some((t) => t.toLowerCase() === type)
}

/** The protection of `host` that makes `source` unable to be attached to it, if any. */
function protectionAgainst(host: { protectionFrom?: string[] } | undefined, source: ObjectState): string | undefined {
  return host?.protectionFrom?.find((quality) => protects(quality, source))
}

function auraIllegal(object: ObjectState, context: SbaContext): boolean {
  const attachedTo = object.attachedTo
  if (!attachedTo) return true
  const enchant = object.enchant ?? ['permanent']
  const player = context.player(attachedTo)
  if (player) {
    if (!context.semantics.aurasMayEnchantPlayers) return true
    if (!context.withinRange(object.controller, player.id, 'aura')) return true
    return !(enchant.includes('player') || (enchant.includes('opponent') && attachedTo !== object.controller)) || player.lost === true
  }
  const host = context.object(attachedTo, object)
  if (!host || (host.zone ?? 'battlefield') !== 'battlefield' || host === object) return true
  if (host.phasedOut) return false // phases out with it
  if (object.types.includes('Creature')) return true // an Aura that's also a creature can't enchant anything
  if (protectionAgainst(host, object) !== undefined) return true
  if (!context.withinRange(object.controller, host.controller, 'aura')) return true
  for (const word of enchant) {
    if (word === 'permanent') return false
    for (const type of host.types) if (isLowerCaseOf(type, word)) return false
  }
  return true
}

function equipmentIllegal(object: ObjectState, context: SbaContext): boolean {
  const attachedTo = object.attachedTo!
  const host = context.object(attachedTo, object)
  if (!host) return context.player(attachedTo) ? context.semantics.equipmentOnPlayerUnattaches : true
  if (host === object || (host.zone ?? 'battlefield') !== 'battlefield') return true
  if (host.phasedOut) return false
  if (protectionAgainst(host, object) !== undefined) return true
  return has(object.subtypes, 'Equipment') ? !host.types.includes('Creature') || object.types.includes('Creature') : !host.types.includes('Land')
}

/** Report every object of `group` but `kept` as going to the graveyard. */
function allBut(group: readonly ObjectState[], kept: ObjectState | null, found: Report): void {
  for (const object of group) if (object !== kept) found({ kind: 'object', id: object.id }, { kept })
}

/** The one with the smallest `since`, or `null` on a tie. */
function oldest(group: readonly ObjectState[], since: (object: ObjectState) => number): ObjectState | null {
  let best: ObjectState | null = null
  let tie = false
  for (const object of group) {
    if (best === null || since(object) < since(best)) {
      best = object
      tie = false
    } else if (since(object) === since(best)) tie = true
  }
  return tie ? null : best
}

/** Objects grouped by a key; only groups of two or more. */
function groupsOf(objects: readonly ObjectState[], key: (object: ObjectState) => string | readonly string[] | undefined): Map<string, ObjectState[]> {
  const groups = new Map<string, ObjectState[]>()
  if (!sharesKey(objects, key)) return groups
  const seen = new Map<string, ObjectState>()
  for (const object of objects) {
    const keys = key(object)
    if (keys === undefined) continue
    for (const k of typeof keys === 'string' ? [keys] : keys) {
      const first = seen.get(k)
      if (first === undefined) seen.set(k, object)
      else {
        const list = groups.get(k)
        if (list) list.push(object)
        else groups.set(k, [first, object])
      }
    }
  }
  return groups
}

/** The table and filter of `sharesKey` (they keep nothing from one call to the next). */
let table = new Int32Array(256)
let filter = new Int32Array(64)

/** A hash of a few characters of `k`, not all: names differ most at their ends (a hash over every character costs more than a `Set`). */
function hashOf(k: string): number {
  const n = k.length
  let hash = n
  if (n > 0) {
    hash = Math.imul(hash ^ k.charCodeAt(0), 0x01000193)
    hash = Math.imul(hash ^ k.charCodeAt(n >> 1), 0x01000193)
    hash = Math.imul(hash ^ k.charCodeAt(n - 1), 0x01000193)
    if (n > 2) hash = Math.imul(hash ^ k.charCodeAt(n - 2) ^ (k.charCodeAt(n - 3) << 16), 0x01000193)
    hash ^= hash >>> 15
  }
  return hash
}

/**
 * Whether two of `objects` share a key, for the usual board where none do. A
 * first pass sets two bits per key in a filter of 64 bits per object (a Bloom
 * filter): when no key finds both of its bits set already, no two keys are
 * equal, and that pass is all the usual board costs. Otherwise an
 * open-addressing table of the hashes decides (it costs a fraction of a `Set`'s
 * insertions, which grow and rehash as they go); keys of equal hashes are
 * compared as strings, so the answer is exact whatever the names.
 */
function sharesKey(objects: readonly ObjectState[], key: (object: ObjectState) => string | readonly string[] | undefined): boolean {
  if (!mayShare(objects, key)) return false
  const keys: string[] = []
  for (let i = 0; i < objects.length; i++) {
    const k = key(objects[i])
    if (k === undefined) continue
    if (typeof k === 'string') keys.push(k)
    else for (let j = 0; j < k.length; j++) keys.push(k[j])
  }
  let size = 16
  while (size < keys.length * 2) size <<= 1
  // 1 + the position in `keys` (0: empty) and the hash, per slot. A typed array this size is allocated
  // outside the heap, which costs more than the rest: one buffer, cleared each call, serves them all.
  if (table.length < size * 2) table = new Int32Array(size * 2)
  else table.fill(0, 0, size * 2)
  const slots = table
  const last = size - 1
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]
    const hash = hashOf(k)
    let slot = hash & last
    while (slots[slot] !== 0) {
      if (slots[slot + size] === hash && keys[slots[slot] - 1] === k) return true
      slot = (slot + 1) & last
    }
    slots[slot] = i + 1
    slots[slot + size] = hash
  }
  return false
}

/** The filter pass of `sharesKey`, straight from the objects: `false` when no two keys can be equal. */
function mayShare(objects: readonly ObjectState[], key: (object: ObjectState) => string | readonly string[] | undefined): boolean {
  // Sized for one key per object; more keys only make the exact pass likelier.
  let words = 32
  while (words < objects.length * 2) words <<= 1
  if (filter.length < words) filter = new Int32Array(words)
  else filter.fill(0, 0, words)
  const shift = 32 - Math.log2(words * 32)
  for (let i = 0; i < objects.length; i++) {
    const k = key(objects[i])
    if (k === undefined) continue
    if (typeof k === 'string') {
      if (marked(k, shift)) return true
    } else for (let j = 0; j < k.length; j++) if (marked(k[j], shift)) return true
  }
  return false
}

/** Set the two bits of `k` in the filter (positions: the top bits of its hash, and of a Fibonacci-hashed mix of it); whether both were set already. */
function marked(k: string, shift: number): boolean {
  const hash = hashOf(k)
  const a = hash >>> shift
  const b = Math.imul(hash, 0x9e3779b1) >>> shift
  const ma = 1 << (a & 31)
  const mb = 1 << (b & 31)
  const both = (filter[a >> 5] & ma) !== 0 && (filter[b >> 5] & mb) !== 0
  filter[a >> 5] |= ma
  filter[b >> 5] |= mb
  return both
}

/** Each controller of two or more in `group` chooses one to keep (APNAP order); the rest go. */
function eachControllerKeepsOne(
  group: readonly ObjectState[],
  context: SbaContext,
  found: Report,
  request: (player: string, candidates: ObjectState[]) => ChoiceRequest
): void {
  const byController = new Map<string, ObjectState[]>()
  for (const object of group) {
    const list = byController.get(object.controller)
    if (list) list.push(object)
    else byController.set(object.controller, [object])
  }
  for (const player of context.apnap(byController.keys())) {
    const candidates = byController.get(player)!
    if (candidates.length < 2) continue
    const keep = context.ask(request(player, candidates))
    allBut(candidates, candidates.find((candidate) => candidate.id === keep) ?? null, found)
  }
}

/** The objects of `group` within range of each other's controllers: for each object, those its controller can see. */
function inRange(group: readonly ObjectState[], object: ObjectState, context: SbaContext, rule: 'legend' | 'world'): ObjectState[] {
  return group.filter((other) => context.withinRange(object.controller, other.controller, rule))
}

/** The legend rule's survivor in `group` under the era's wording, or `null` when all go. */
function legendSurvivor(group: readonly ObjectState[], context: SbaContext): ObjectState | null {
  switch (context.semantics.legendRule) {
    case 'earliest-timestamp':
      return oldest(group, (object) => object.timestamp ?? 0)
    case 'longest':
      return oldest(group, (object) => object.legendarySince ?? object.timestamp ?? 0)
    default:
      return null
  }
}

/** The world rule's survivor: the newest world permanent, or `null` on a tie. */
function newestWorld(group: readonly ObjectState[]): ObjectState | null {
  return oldest(group, (object) => -(object.worldSince ?? object.timestamp ?? 0))
}

/** Apply a "one survives" rule to each object against the others within its controller's range of influence. */
function survivorsInRange(
  group: readonly ObjectState[],
  context: SbaContext,
  rule: 'legend' | 'world',
  survivor: (group: readonly ObjectState[]) => ObjectState | null,
  found: Report
): void {
  for (const object of group) {
    const visible = inRange(group, object, context, rule)
    if (visible.length < 2) continue
    const kept = survivor(visible)
    if (kept !== object) found({ kind: 'object', id: object.id }, { kept })
  }
}

/** The state-based actions, in the order of the rules: those of a normal game, then those of variants. */
export const sbaChecks = [
  {
    id: 'player-zero-life',
    title: 'player at 0 life',
    category: 'sba',
    description: 'A player with 0 or less life loses the game.',
    anchors: [sba(/\bplayer (?:with|has) 0 (?:or less life|life or less)/i)],
    subject: 'player',
    does: 'loses-game',
    detect: (player, context) => player.life <= 0 && !(context.twoHeaded && player.team !== undefined)
  },
  {
    id: 'draw-from-empty-library',
    title: 'draw from an empty library',
    category: 'sba',
    description: 'A player who attempted to draw from an empty library since the last check loses the game.',
    anchors: [sba(/draw more cards than were in|draw a card from (?:an empty library|a library with no cards)/i)],
    subject: 'player',
    does: 'loses-game',
    detect: (player) => player.attemptedDrawFromEmptyLibrary === true,
    unruled: (player, context) => `${player.id} attempted to draw from an empty library: ${context.notInForce('draw-from-empty-library')}`
  },
  {
    id: 'poison',
    title: 'ten poison counters',
    category: 'sba',
    description: 'A player with ten or more poison counters loses the game.',
    anchors: [sba(/\bplayer (?:with|has) ten or more poison counters/i)],
    subject: 'player',
    does: 'loses-game',
    detect: (player, context) => {
      if ((player.poison ?? 0) < 10) return false
      if (context.variant === 'two-headed-giant' && context.semantics.poisonIgnoredInTwoHeadedGiant && context.inForce('poison')) {
        context.note(`${player.id} has ${player.poison} poison counters: ${context.cite('poison')!.number} is ignored in Two-Headed Giant games`)
        return false
      }
      return true
    },
    unruled: (player, context) => `${player.id} has ${player.poison} poison counters: ${context.notInForce('poison')}`
  },
  {
    id: 'token-outside-battlefield',
    title: 'token outside the battlefield',
    category: 'sba',
    description: 'A token in a zone other than the battlefield ("in play" before 2009), or phased out where the era says so, ceases to exist.',
    anchors: [sba(/\btoken\b.*\bin a zone other than the (?:in-play zone|battlefield)/i)],
    subject: 'object',
    on: ['elsewhere'],
    does: 'ceases-to-exist',
    detect: (object) => object.token === true
  },
  {
    id: 'token-phased-out',
    title: 'phased-out token',
    category: 'sba',
    description: 'A phased-out token ceases to exist (while phasing out moved permanents to the phased-out zone, and from Magic 2010 until August 2017).',
    anchors: [sba(/\btoken is phased out\b/i), declared(/Tokens in the phased-out zone cease to exist/i)],
    subject: 'object',
    on: ['phasedOut'],
    does: 'ceases-to-exist',
    detect: (object) => object.token === true
  },
  {
    id: 'copy-outside-stack',
    title: 'copy outside the stack',
    category: 'sba',
    description: 'A copy of a spell outside the stack, or a copy of a card outside the stack and the battlefield, ceases to exist.',
    anchors: [sba(/copy of a spell (?:is )?in a zone other than the stack/i), declared(/copy of a spell (?:is )?in a zone other than the stack/i)],
    subject: 'object',
    on: ['copy'],
    does: 'ceases-to-exist',
    detect: (object, context) => {
      const zone = object.zone ?? 'battlefield'
      if (object.copy === 'spell') return zone !== 'stack'
      return object.copy === 'card' && zone !== 'stack' && zone !== 'battlefield' && context.semantics.cardCopiesCease
    }
  },
  {
    id: 'toughness-zero',
    title: 'toughness 0 or less',
    category: 'sba',
    description: "A creature with toughness 0 or less is put into its owner's graveyard; regeneration can't replace this.",
    anchors: [sba(/creature (?:with|has) toughness 0/i)],
    subject: 'object',
    on: ['creature'],
    does: 'put-into-graveyard',
    detect: (object) => toughnessOf(object) <= 0
  },
  {
    id: 'lethal-damage',
    title: 'lethal damage',
    category: 'sba',
    description: 'A creature with damage marked on it at least equal to its toughness (greater than 0) is destroyed.',
    anchors: [sba(/lethal damage/i, /destroyed/i)],
    subject: 'object',
    on: ['creature'],
    does: 'destroyed',
    detect: (object, context) => {
      const damage = object.damage ?? 0
      if (damage <= 0) return false
      const toughness = toughnessOf(object)
      return damage >= toughness && (toughness > 0 || !context.semantics.lethalDamageNeedsPositiveToughness)
    }
  },
  {
    id: 'deathtouch-damage',
    title: 'damage from a deathtouch source',
    category: 'sba',
    description:
      'A creature dealt damage by a source with deathtouch since the last check is destroyed (a state-based action from Magic 2010; before, deathtouch was a triggered ability).',
    anchors: [sba(/damage by a source with deathtouch/i)],
    subject: 'object',
    on: ['deathtouched'],
    does: 'destroyed',
    detect: (object, context) =>
      object.types.includes('Creature') &&
      (!context.inForce('deathtouch-damage') || toughnessOf(object) > 0 || !context.semantics.deathtouchNeedsPositiveToughness),
    unruled: (object, context) =>
      context.semantics.deathtouch === 'triggered'
        ? `${named(object)} was dealt deathtouch damage: in this edition deathtouch is a triggered ability (${context.cite('deathtouch-triggered')!.number}), not a state-based action; its trigger is not modelled`
        : `${named(object)} was dealt deathtouch damage: ${context.notInForce('deathtouch-damage')}; no rule of this edition defines deathtouch`
  },
  {
    id: 'planeswalker-zero-loyalty',
    title: 'planeswalker at 0 loyalty',
    category: 'sba',
    description: "A planeswalker with loyalty 0 is put into its owner's graveyard.",
    anchors: [sba(/planeswalker (?:with|has) loyalty 0/i)],
    subject: 'object',
    on: ['planeswalker'],
    does: 'put-into-graveyard',
    detect: (object) => (object.counters?.loyalty ?? 0) === 0,
    unruled: (object, context) => `${named(object)} has loyalty 0: ${context.notInForce('planeswalker-zero-loyalty')}`
  },
  {
    id: 'planeswalker-uniqueness',
    title: 'planeswalker uniqueness rule',
    category: 'sba',
    description:
      'Planeswalkers that share a planeswalker type: all go (Lorwyn to 2013), or each controller keeps one (2013 to 2017, when the legend rule took over).',
    anchors: [sba(/planeswalker uniqueness rule|planeswalkers that share a planeswalker type/i)],
    subject: 'group',
    gather: ['planeswalker'],
    unruled: true,
    does: 'put-into-graveyard',
    detect: ([walkers], context, found) => {
      if (walkers.length < 2) return
      for (const [type, group] of groupsOf(walkers, subtypesOf)) {
        if (!context.inForce('planeswalker-uniqueness')) {
          found({ kind: 'object', id: group[0].id }, true, `planeswalkers sharing the type ${type} (${group.map((w) => w.id).join(', ')})`)
        } else if (context.semantics.planeswalkerUniqueness === 'all') allBut(group, null, found)
        else eachControllerKeepsOne(group, context, found, (player, candidates) => ({ kind: 'planeswalker-uniqueness', player, type, candidates }))
      }
    }
  },
  {
    id: 'legend-rule',
    title: 'legend rule',
    category: 'sba',
    description:
      'Legendary permanents with the same name: the earliest (1999) or the one legendary longest (2001-2004) stays, all go (2004-2013), or each controller keeps one (from 2013).',
    anchors: [sba(/legend rule/i)],
    subject: 'group',
    gather: ['legendary'],
    does: 'put-into-graveyard',
    detect: ([legends], context, found) => {
      if (legends.length < 2) return
      for (const group of groupsOf(legends, nameOf).values()) {
        if (context.semantics.legendRule === 'controller-chooses') {
          eachControllerKeepsOne(group, context, found, (player, candidates) => ({ kind: 'legend-rule', player, name: group[0].name, candidates }))
        } else survivorsInRange(group, context, 'legend', (visible) => legendSurvivor(visible, context), found)
      }
    }
  },
  {
    id: 'world-rule',
    title: 'world rule',
    category: 'sba',
    description: 'Two or more world permanents ("enchant worlds" before 2004): all but the newest go; a tie for newest puts all into the graveyard.',
    anchors: [sba(/enchant worlds|supertype world/i)],
    subject: 'group',
    gather: ['world'],
    does: 'put-into-graveyard',
    detect: ([worlds], context, found) => {
      if (worlds.length > 1) survivorsInRange(worlds, context, 'world', newestWorld, found)
    }
  },
  {
    id: 'aura-illegal',
    title: 'Aura attached illegally',
    category: 'sba',
    description: "An Aura (a local enchantment before 2005) attached to an illegal object or player, or to nothing, is put into its owner's graveyard.",
    anchors: [sba(/local enchantment that enchants an illegal|Aura (?:is )?attached to an illegal/i)],
    subject: 'object',
    on: ['aura'],
    after: true,
    does: 'put-into-graveyard',
    detect: auraIllegal
  },
  {
    id: 'equipment-illegal',
    title: 'Equipment or Fortification attached illegally',
    category: 'sba',
    description: 'An Equipment or Fortification attached to an illegal permanent (or, from 2019, a player) becomes unattached and stays on the battlefield.',
    anchors: [sba(/Equipment (?:that equips an illegal|(?:or Fortification )?(?:is )?attached to an illegal)/i)],
    subject: 'object',
    on: ['attachedEquipment'],
    after: true,
    does: 'unattached',
    detect: equipmentIllegal
  },
  {
    id: 'non-aura-attached',
    title: 'other permanent attached',
    category: 'sba',
    description:
      'A permanent that is not an Aura, Equipment or Fortification (and, from late 2009, any creature; from 2023, any battle) attached to something becomes unattached.',
    anchors: [sba(/neither an Aura, an Equipment, nor a Fortification|non-Aura, non-Equipment permanent/i)],
    subject: 'object',
    on: ['attachedOther'],
    does: 'unattached',
    detect: (object, context) => {
      // Before September 2009 the rule covers only what is attached to another permanent, not to a player.
      if (context.player(object.attachedTo ?? '') && !/\bplayer\b/.test(context.cite('non-aura-attached')?.text ?? '')) return false
      const subtypes = object.subtypes
      const other = !has(subtypes, 'Aura') && !has(subtypes, 'Equipment') && !has(subtypes, 'Fortification')
      const types = object.types
      return (
        other ||
        (types.includes('Creature') && context.semantics.attachedCreaturesUnattach) ||
        (types.includes('Battle') && context.semantics.attachedBattlesUnattach)
      )
    },
    unruled: (object, context) =>
      `${named(object)} is attached to ${object.attachedTo} but is not an Aura, Equipment or Fortification: ${context.notInForce('non-aura-attached')}`
  },
  {
    id: 'counter-annihilation',
    title: '+1/+1 and -1/-1 counters',
    category: 'sba',
    description: 'A permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller count (from Time Spiral, October 2006).',
    anchors: [sba(/\+1\/\+1 counter and a -1\/-1 counter/i)],
    subject: 'object',
    on: ['counters'],
    does: 'counters-removed',
    detect: (object) => {
      const counters = object.counters!
      const plus = counters['+1/+1'] ?? 0
      const minus = counters['-1/-1'] ?? 0
      if (plus === 0 || minus === 0) return false
      const n = Math.min(plus, minus)
      return {
        counters: [
          { kind: '+1/+1', count: n },
          { kind: '-1/-1', count: n }
        ]
      }
    },
    unruled: (object, context) =>
      `${named(object)} has ${count(object, '+1/+1')} +1/+1 and ${count(object, '-1/-1')} -1/-1 counters: ${context.notInForce('counter-annihilation')}; both stay`
  },
  {
    id: 'counter-limit',
    title: 'counter limit',
    category: 'sba',
    description: "A permanent whose ability says it can't have more than N counters of a kind loses the excess.",
    anchors: [sba(/can.t have more than N counters/i)],
    subject: 'object',
    on: ['limited'],
    does: 'counters-removed',
    detect: (object) => {
      const limits = object.counterLimits
      if (limits === undefined) return false
      let counters: Array<{ kind: string; count: number }> | undefined
      for (const kind in limits) {
        const excess = count(object, kind) - limits[kind]
        if (excess > 0) (counters ??= []).push({ kind, count: excess })
      }
      return counters && { counters }
    }
  },
  {
    id: 'saga-final-chapter',
    title: 'Saga at its final chapter',
    category: 'sba',
    description:
      'A Saga with lore counters at least its final chapter number (0 without chapter abilities), and no chapter ability waiting, is sacrificed (from July 2025 only a Saga with chapter abilities).',
    anchors: [sba(/lore counters on a Saga/i)],
    subject: 'object',
    on: ['saga'],
    does: 'sacrificed',
    detect: (object, context) => {
      const final = finalChapterOf(object)
      if (final === undefined || count(object, 'lore') < final || object.triggeredAbilityPending) return false
      return !context.semantics.sagaNeedsChapterAbilities || (object.hasChapterAbilities !== false && final > 0)
    },
    unruled: (object, context) =>
      `${named(object)} has ${count(object, 'lore')} lore counters, its final chapter ${finalChapterOf(object)}: ${context.notInForce('saga-final-chapter')}`
  },
  {
    id: 'dungeon-complete',
    title: 'dungeon completed',
    category: 'sba',
    description: 'A dungeon whose venture marker is on its bottommost room, with no room ability waiting, is removed from the game.',
    anchors: [sba(/venture marker is on the bottommost room/i)],
    subject: 'player',
    does: 'dungeon-removed',
    detect: (player) => player.dungeon?.onBottommostRoom && !player.dungeon.roomAbilityPending,
    unruled: (player, context) => `${player.id}'s dungeon is complete: ${context.notInForce('dungeon-complete')}`
  },
  {
    id: 'space-sculptor-sector',
    title: 'space sculptor sectors',
    category: 'sba',
    description: 'With a space sculptor permanent on the battlefield, creatures without a sector get one.',
    anchors: [sba(/space sculptor/i)],
    subject: 'group',
    // Only the sculptors are gathered: the creatures are looked for when there is one, not on every board.
    gather: ['sculptor'],
    does: 'sector-chosen',
    detect: ([sculptors], context, found) => {
      if (sculptors.length === 0) return
      for (const creature of context.state.permanents) {
        if ((creature.zone ?? 'battlefield') !== 'battlefield' || creature.phasedOut || !creature.types.includes('Creature')) continue
        if (creature.sector == null)
          found({ kind: 'object', id: creature.id }, { choose: { kind: 'sector', creature, player: creature.controller, sectors: ['alpha', 'beta', 'gamma'] } })
      }
    }
  },
  {
    id: 'battle-zero-defense',
    title: 'battle at 0 defense',
    category: 'sba',
    description: "A battle with defense 0, and no ability of it waiting, is put into its owner's graveyard.",
    anchors: [sba(/battle has defense 0/i)],
    subject: 'object',
    on: ['battle'],
    does: 'put-into-graveyard',
    detect: (object) => count(object, 'defense') === 0 && !object.triggeredAbilityPending,
    unruled: (object, context) => `battle ${named(object)} has defense 0: ${context.notInForce('battle-zero-defense')}`
  },
  {
    id: 'battle-no-protector',
    title: 'battle without a protector',
    category: 'sba',
    description: 'A battle with no protector that is not being attacked gets one chosen by its controller, or goes to the graveyard.',
    anchors: [sba(/battle has no player .*designated as its protector/i)],
    subject: 'object',
    on: ['battle'],
    does: 'protector-chosen',
    detect: (object, context) => {
      if (object.protector || object.attacked || (count(object, 'defense') === 0 && !object.triggeredAbilityPending && context.inForce('battle-zero-defense')))
        return false
      return protectorFor(object, context)
    },
    unruled: (object, context) => `battle ${named(object)} has no protector: ${context.notInForce('battle-no-protector')}`
  },
  {
    id: 'siege-self-protector',
    title: 'Siege protected by its controller',
    category: 'sba',
    description: 'A Siege whose controller is its protector gets an opponent as protector, or goes to the graveyard.',
    anchors: [sba(/Siege.s controller is also its designated protector/i)],
    subject: 'object',
    on: ['battle'],
    does: 'protector-chosen',
    detect: (object, context) => {
      if (!has(object.subtypes, 'Siege') || object.protector !== object.controller) return false
      if (count(object, 'defense') === 0 && !object.triggeredAbilityPending && context.inForce('battle-zero-defense')) return false
      return protectorFor(object, context)
    }
  },
  {
    id: 'role-uniqueness',
    title: 'one Role per player',
    category: 'sba',
    description: 'Of the Roles one player controls on a permanent, only the newest stays.',
    anchors: [sba(/more than one Role/i)],
    subject: 'group',
    gather: ['role'],
    does: 'put-into-graveyard',
    detect: ([roles], _context, found) => {
      if (roles.length < 2) return
      for (const group of groupsOf(roles, (role) => `${role.attachedTo}\u0000${role.controller}`).values()) {
        let newest = group[0]
        for (const role of group) if ((role.timestamp ?? 0) > (newest.timestamp ?? 0)) newest = role
        allBut(group, newest, found)
      }
    }
  },
  {
    id: 'speed-start',
    title: 'start your engines!',
    category: 'sba',
    description: 'A player who controls a permanent with start your engines! and has no speed gets speed 1.',
    anchors: [sba(/start your engines!?.*\bno speed\b/i)],
    subject: 'group',
    gather: ['engines'],
    does: 'speed-set',
    detect: ([engines], context, found) => {
      for (const id of new Set(engines.map((object) => object.controller))) {
        const player = context.player(id)
        if (player && !player.lost && !player.speed) found({ kind: 'player', id }, { value: '1' })
      }
    }
  },

  // Variant state-based actions.
  {
    id: 'team-zero-life-2hg',
    title: 'Two-Headed Giant team at 0 life',
    category: 'variant',
    variant: 'two-headed-giant',
    description: 'In a Two-Headed Giant game, a team with 0 or less life loses the game.',
    anchors: [sba(/team has 0 or less life/i), declared(/team.s life total is 0 or less/i)],
    subject: 'team',
    does: 'loses-game',
    detect: (team) => team.life <= 0
  },
  {
    id: 'team-poison-2hg',
    title: 'Two-Headed Giant team poison',
    category: 'variant',
    variant: 'two-headed-giant',
    description: 'In a Two-Headed Giant game, a team with fifteen or more poison counters loses the game.',
    anchors: [sba(/team has fifteen or more poison counters/i), declared(/team has fifteen or more poison counters/i)],
    subject: 'team',
    does: 'loses-game',
    detect: (team, context) =>
      (team.poison ?? context.state.players.reduce((sum, player) => sum + (player.team === team.id ? (player.poison ?? 0) : 0), 0)) >= 15
  },
  {
    id: 'commander-damage',
    title: 'commander damage',
    category: 'variant',
    variant: 'commander',
    description: 'In a Commander (EDH) game, a player dealt 21 or more combat damage by the same commander (general) loses the game.',
    anchors: [sba(/21 or more combat damage by the same (?:general|commander)/i), declared(/21 or more combat damage by the same (?:general|commander)/i)],
    subject: 'player',
    does: 'loses-game',
    detect: (player) => player.commanderDamage !== undefined && Object.values(player.commanderDamage).some((damage) => damage >= 21)
  },
  {
    id: 'commander-to-command-zone',
    title: 'commander to the command zone',
    category: 'variant',
    variant: 'commander',
    description:
      'In a Commander game, a commander put into a graveyard or exile since the last check may go to the command zone (a state-based action from July 2020; before, a replacement effect).',
    anchors: [sba(/commander is in a graveyard or in exile/i), declared(/commander is in a graveyard or in exile/i)],
    subject: 'object',
    on: ['elsewhere'],
    does: 'to-command-zone',
    detect: (object) =>
      object.commander === true && object.enteredZoneSinceLastCheck === true && (object.zone === 'graveyard' || object.zone === 'exile')
        ? { choose: { kind: 'commander-to-command-zone', commander: object, player: object.owner ?? object.controller } }
        : false,
    unruled: (object, context) =>
      `commander ${object.name} is in the ${object.zone === 'exile' ? context.semantics.exile : object.zone}: ${context.notInForce('commander-to-command-zone')}`
  },
  {
    id: 'archenemy-scheme',
    title: 'Archenemy scheme',
    category: 'variant',
    variant: 'archenemy',
    description: 'In an Archenemy game, a face-up non-ongoing scheme with nothing waiting is turned face down and put on the bottom of its scheme deck.',
    anchors: [sba(/non-ongoing scheme card is face up/i), declared(/non-ongoing scheme card is face up/i)],
    subject: 'object',
    on: ['command'],
    does: 'scheme-to-bottom',
    detect: (object) => object.faceUp === true && !object.triggeredAbilityPending && has(object.types, 'Scheme') && !has(object.supertypes, 'Ongoing')
  },
  {
    id: 'planechase-phenomenon',
    title: 'Planechase phenomenon',
    category: 'variant',
    variant: 'planechase',
    description: 'In a Planechase game, a face-up phenomenon with nothing waiting makes the planar controller planeswalk.',
    anchors: [sba(/phenomenon card is face up/i), declared(/phenomenon card is face up/i)],
    subject: 'object',
    on: ['command'],
    does: 'planeswalked',
    detect: (object) => object.faceUp === true && !object.triggeredAbilityPending && has(object.types, 'Phenomenon')
  }
] as const satisfies readonly SbaCheck[]

/** A battle's new protector: a choice among its controller's opponents, or the graveyard when there is none. */
function protectorFor(object: ObjectState, context: SbaContext): Finding {
  const opponents = context.playersInGame.filter((player) => player.id !== object.controller).map((player) => player.id)
  if (opponents.length === 0) return { does: 'put-into-graveyard' }
  return { choose: { kind: 'protector', battle: object, player: object.controller, candidates: opponents } }
}

/** The id of a state-based action of the table. */
export type SbaCheckId = (typeof sbaChecks)[number]['id']
