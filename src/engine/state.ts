/**
 * The game state the reference state-based-action engine reads: players, teams
 * and objects (permanents, and the cards, tokens and copies in other zones that
 * state-based actions look at), with validation that names every problem.
 *
 * The engine never mutates a state: it returns a new one, which may share the
 * parts that did not change.
 */
import { CrdbError } from '../vocabulary/errors.js'

/** Where an object is. Permanents are on the `battlefield` ("in play" before 2009). */
export type Zone = 'battlefield' | 'graveyard' | 'exile' | 'hand' | 'library' | 'stack' | 'command' | 'scheme-deck' | 'planar-deck'

/** The game being played; variant state-based actions apply only in their variant. */
export type GameVariantName = 'normal' | 'two-headed-giant' | 'commander' | 'archenemy' | 'planechase'

/** A player. */
export interface PlayerState {
  id: string
  life: number
  poison?: number
  /** Attempted to draw from an empty library since state-based actions were last checked. */
  attemptedDrawFromEmptyLibrary?: boolean
  /** The id of the player's team (Two-Headed Giant). */
  team?: string
  /** Combat damage dealt to this player over the game, by commander object id. */
  commanderDamage?: Record<string, number>
  /** Speed (start your engines!); absent or `null`: the player has no speed. */
  speed?: number | null
  /** The dungeon the player is venturing into, if any. */
  dungeon?: { name: string; onBottommostRoom: boolean; roomAbilityPending?: boolean } | null
  /** The planar controller (Planechase). */
  planarController?: boolean
  /** Has lost the game. */
  lost?: boolean
}

/** A team (Two-Headed Giant): a shared life total and shared poison counters. */
export interface TeamState {
  id: string
  life: number
  /** Shared poison counters; default: the sum of the members' `poison`. */
  poison?: number
  lost?: boolean
}

/** An object: a permanent, or a card, token or copy in another zone. */
export interface ObjectState {
  id: string
  name: string
  /** Card types, e.g. `Creature`, `Artifact`, `Enchantment`, `Land`, `Planeswalker`, `Battle`, `Instant`, `Scheme`, `Phenomenon`. */
  types: string[]
  /** `Legendary`, `World`, `Basic`, `Snow`, `Ongoing`. */
  supertypes?: string[]
  /** `Aura`, `Equipment`, `Fortification`, `Saga`, `Role`, `Siege`, planeswalker and creature types. */
  subtypes?: string[]
  controller: string
  /** Default: the controller. */
  owner?: string
  /** Default: `battlefield`. */
  zone?: Zone
  /** Phased out (on the battlefield, treated as though it doesn't exist). */
  phasedOut?: boolean
  /** Base power and toughness; +1/+1 and -1/-1 counters are added by the engine. */
  power?: number
  toughness?: number
  /** Damage marked on it. */
  damage?: number
  /** Dealt damage by a source with deathtouch since state-based actions were last checked. */
  deathtouchDamage?: boolean
  /** Counters by kind: `+1/+1`, `-1/-1`, `loyalty`, `lore`, `defense`, ... */
  counters?: Record<string, number>
  /** "Can't have more than N counters of a kind": N by kind. */
  counterLimits?: Record<string, number>
  /** The id of the object or player it is attached to. */
  attachedTo?: string | null
  /** What an Aura can enchant: `permanent`, `player`, or card types (`creature`, `land`, ...). Default: `permanent`. */
  enchant?: string[]
  token?: boolean
  /** A copy of a card or of a spell. */
  copy?: 'card' | 'spell' | null
  /** Timestamp; default: its position in the list, from 1. */
  timestamp?: number
  /** When it became legendary with its name (the 2001-2004 legend rule); default: `timestamp`. */
  legendarySince?: number
  /** When it became a world permanent (the world rule); default: `timestamp`. */
  worldSince?: number
  /** Keywords the engine reads: `indestructible`, `space sculptor`, `start your engines!`. */
  abilities?: string[]
  /** Regeneration shields. */
  regenerationShields?: number
  /** A Saga's final chapter number. */
  finalChapter?: number
  /** A Saga without chapter abilities (the 2025 wording exempts it). */
  hasChapterAbilities?: boolean
  /** It is the source of a triggered ability that has triggered but not left the stack (chapter, battle, phenomenon). */
  triggeredAbilityPending?: boolean
  /** A creature's sector (space sculptor). */
  sector?: string | null
  /** A battle's protector (a player id). */
  protector?: string | null
  /** A battle being attacked. */
  attacked?: boolean
  /** A commander (Commander variant). */
  commander?: boolean
  /** Put into its zone since state-based actions were last checked. */
  enteredZoneSinceLastCheck?: boolean
  /** Face up (schemes and phenomena in the command zone). */
  faceUp?: boolean
}

/** A game state. */
export interface GameState {
  /** Default: `normal`. */
  variant?: GameVariantName
  /** Whose turn it is (choices are made in APNAP order); default: the first player. */
  activePlayer?: string
  players: PlayerState[]
  teams?: TeamState[]
  /** Permanents, and the objects in other zones state-based actions look at. */
  permanents: ObjectState[]
}

const zones: readonly Zone[] = ['battlefield', 'graveyard', 'exile', 'hand', 'library', 'stack', 'command', 'scheme-deck', 'planar-deck']
const variants: readonly GameVariantName[] = ['normal', 'two-headed-giant', 'commander', 'archenemy', 'planechase']
const canonicalWords = [
  'Artifact', 'Battle', 'Creature', 'Enchantment', 'Instant', 'Land', 'Planeswalker', 'Sorcery', 'Tribal', 'Kindred', 'Scheme', 'Phenomenon', 'Plane', 'Dungeon', 'Conspiracy', 'Vanguard',
  'Legendary', 'World', 'Basic', 'Snow', 'Ongoing', 'Host', 'Elite',
  'Aura', 'Equipment', 'Fortification', 'Saga', 'Role', 'Siege', 'Legend', 'Curse', 'Class', 'Case', 'Room', 'Vehicle'
]
const canonical = new Map(canonicalWords.map((word) => [word.toLowerCase(), word]))
const enchantables = ['permanent', 'player', 'opponent', 'artifact', 'battle', 'creature', 'enchantment', 'land', 'planeswalker']

const stateFields = ['variant', 'activePlayer', 'players', 'teams', 'permanents']
const playerFields = ['id', 'life', 'poison', 'attemptedDrawFromEmptyLibrary', 'team', 'commanderDamage', 'speed', 'dungeon', 'planarController', 'lost']
const teamFields = ['id', 'life', 'poison', 'lost']
const objectFields = [
  'id', 'name', 'types', 'supertypes', 'subtypes', 'controller', 'owner', 'zone', 'phasedOut', 'power', 'toughness', 'damage', 'deathtouchDamage',
  'counters', 'counterLimits', 'attachedTo', 'enchant', 'token', 'copy', 'timestamp', 'legendarySince', 'worldSince', 'abilities',
  'regenerationShields', 'finalChapter', 'hasChapterAbilities', 'triggeredAbilityPending', 'sector', 'protector', 'attacked', 'commander',
  'enteredZoneSinceLastCheck', 'faceUp'
]

/** Every problem with `input` as a game state, each naming its path; empty when it is valid. */
export function stateProblems(input: unknown): string[] {
  return check(input).problems
}

/**
 * Check `input` (parsed JSON) as a game state and return it normalized: type
 * words in canonical case (`creature` -> `Creature`), `−1/−1` as `-1/-1`,
 * `owner` and `timestamp` filled in.
 *
 * @param origin names the input in messages (a file name).
 * @throws {CrdbError} `E_BAD_STATE` naming the first problems and how many there are.
 */
export function validateState(input: unknown, origin = 'state'): GameState {
  const { problems, state } = check(input)
  if (problems.length) {
    const shown = problems.slice(0, 3).join('; ')
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more problem${problems.length - 3 === 1 ? '' : 's'})` : ''
    throw new CrdbError('E_BAD_STATE', `${origin}: ${shown}${more}`)
  }
  return state!
}

/** Parse and validate a JSON text as a game state. @throws {CrdbError} `E_BAD_STATE`. */
export function parseState(json: string, origin = 'state'): GameState {
  let input: unknown
  try {
    input = JSON.parse(json)
  } catch (error) {
    throw new CrdbError('E_BAD_STATE', `${origin}: not JSON (${(error as Error).message})`)
  }
  return validateState(input, origin)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return JSON.stringify(value.length > 30 ? value.slice(0, 30) + '…' : value)
  if (typeof value === 'object') return 'an object'
  return String(value)
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length]
}

function suggestion(key: string, known: string[]): string {
  const best = known
    .map((candidate) => ({ candidate, score: candidate.toLowerCase() === key.toLowerCase() ? 0 : distance(key.toLowerCase(), candidate.toLowerCase()) }))
    .sort((a, b) => a.score - b.score)[0]
  return best && best.score <= Math.max(2, Math.floor(key.length / 4)) ? ` (did you mean ${best.candidate}?)` : ''
}

function check(input: unknown): { problems: string[]; state?: GameState } {
  const problems: string[] = []
  const problem = (path: string, message: string): void => {
    problems.push(`${path}: ${message}`)
  }
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
  const unknownKeys = (path: string, value: Record<string, unknown>, known: string[]): void => {
    for (const key of Object.keys(value)) if (!known.includes(key)) problem(`${path}.${key}`, `unknown field${suggestion(key, known)}`)
  }
  const whole = (path: string, value: unknown, options: { min?: number; required?: boolean; nullable?: boolean } = {}): number | null | undefined => {
    if (value === undefined) {
      if (options.required) problem(path, 'missing (a whole number)')
      return undefined
    }
    if (value === null && options.nullable) return null
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      problem(path, `expected a whole number, got ${describe(value)}`)
      return undefined
    }
    if (options.min !== undefined && value < options.min) {
      problem(path, `must be ${options.min} or more, got ${value}`)
      return undefined
    }
    return value
  }
  const flag = (path: string, value: unknown): boolean | undefined => {
    if (value === undefined) return undefined
    if (typeof value !== 'boolean') problem(path, `expected true or false, got ${describe(value)}`)
    return value === true
  }
  const text = (path: string, value: unknown, options: { required?: boolean; nullable?: boolean } = {}): string | null | undefined => {
    if (value === undefined) {
      if (options.required) problem(path, 'missing (a string)')
      return undefined
    }
    if (value === null && options.nullable) return null
    if (typeof value !== 'string' || value.trim() === '') {
      problem(path, `expected a non-empty string, got ${describe(value)}`)
      return undefined
    }
    return value
  }
  const words = (path: string, value: unknown, options: { required?: boolean; canonicalize?: boolean } = {}): string[] | undefined => {
    if (value === undefined) {
      if (options.required) problem(path, 'missing (a list of strings)')
      return undefined
    }
    if (!Array.isArray(value)) {
      problem(path, `expected a list of strings, got ${describe(value)}`)
      return undefined
    }
    const out: string[] = []
    value.forEach((word, index) => {
      if (typeof word !== 'string' || word.trim() === '') problem(`${path}[${index}]`, `expected a non-empty string, got ${describe(word)}`)
      else out.push(options.canonicalize ? canonical.get(word.trim().toLowerCase()) ?? word.trim() : word.trim())
    })
    return out
  }
  const counts = (path: string, value: unknown): Record<string, number> | undefined => {
    if (value === undefined) return undefined
    if (!isObject(value)) {
      problem(path, `expected an object of counts (e.g. {"+1/+1": 2}), got ${describe(value)}`)
      return undefined
    }
    const out: Record<string, number> = {}
    for (const [kind, count] of Object.entries(value)) {
      const n = whole(`${path}["${kind}"]`, count, { min: 0 })
      if (n !== undefined && n !== null) {
        const key = kind.trim().replace(/[\u2212\u2013]/g, '-').toLowerCase()
        out[key] = (out[key] ?? 0) + n
      }
    }
    return out
  }

  if (!isObject(input)) {
    problem('state', `expected an object with "players" and "permanents", got ${describe(input)}`)
    return { problems }
  }
  unknownKeys('state', input, stateFields)
  let variant: GameVariantName | undefined
  if (input.variant !== undefined) {
    if (typeof input.variant === 'string' && (variants as readonly string[]).includes(input.variant)) variant = input.variant as GameVariantName
    else problem('state.variant', `expected one of ${variants.join(', ')}, got ${describe(input.variant)}`)
  }

  const players: PlayerState[] = []
  if (!Array.isArray(input.players) || input.players.length === 0) problem('state.players', `expected a non-empty list of players, got ${describe(input.players)}`)
  else
    input.players.forEach((raw, index) => {
      const path = `state.players[${index}]`
      if (!isObject(raw)) return problem(path, `expected a player object, got ${describe(raw)}`)
      unknownKeys(path, raw, playerFields)
      const player: PlayerState = { id: text(`${path}.id`, raw.id, { required: true }) ?? `#player${index}`, life: whole(`${path}.life`, raw.life, { required: true }) ?? 0 }
      const poison = whole(`${path}.poison`, raw.poison, { min: 0 })
      if (typeof poison === 'number') player.poison = poison
      if (flag(`${path}.attemptedDrawFromEmptyLibrary`, raw.attemptedDrawFromEmptyLibrary)) player.attemptedDrawFromEmptyLibrary = true
      const team = text(`${path}.team`, raw.team)
      if (team) player.team = team
      const damage = counts(`${path}.commanderDamage`, raw.commanderDamage)
      if (damage) player.commanderDamage = Object.fromEntries(Object.entries(raw.commanderDamage as object).map(([k, v]) => [k, v as number]))
      const speed = whole(`${path}.speed`, raw.speed, { min: 0, nullable: true })
      if (speed !== undefined) player.speed = speed
      if (raw.dungeon !== undefined && raw.dungeon !== null) {
        if (!isObject(raw.dungeon)) problem(`${path}.dungeon`, `expected {"name", "onBottommostRoom"}, got ${describe(raw.dungeon)}`)
        else {
          unknownKeys(`${path}.dungeon`, raw.dungeon, ['name', 'onBottommostRoom', 'roomAbilityPending'])
          player.dungeon = {
            name: text(`${path}.dungeon.name`, raw.dungeon.name, { required: true }) ?? '',
            onBottommostRoom: flag(`${path}.dungeon.onBottommostRoom`, raw.dungeon.onBottommostRoom) ?? false,
            ...(flag(`${path}.dungeon.roomAbilityPending`, raw.dungeon.roomAbilityPending) ? { roomAbilityPending: true } : {})
          }
        }
      } else if (raw.dungeon === null) player.dungeon = null
      if (flag(`${path}.planarController`, raw.planarController)) player.planarController = true
      if (flag(`${path}.lost`, raw.lost)) player.lost = true
      players.push(player)
    })

  let teams: TeamState[] | undefined
  if (input.teams !== undefined) {
    if (!Array.isArray(input.teams)) problem('state.teams', `expected a list of teams, got ${describe(input.teams)}`)
    else {
      teams = []
      input.teams.forEach((raw, index) => {
        const path = `state.teams[${index}]`
        if (!isObject(raw)) return problem(path, `expected a team object, got ${describe(raw)}`)
        unknownKeys(path, raw, teamFields)
        const team: TeamState = { id: text(`${path}.id`, raw.id, { required: true }) ?? `#team${index}`, life: whole(`${path}.life`, raw.life, { required: true }) ?? 0 }
        const poison = whole(`${path}.poison`, raw.poison, { min: 0 })
        if (typeof poison === 'number') team.poison = poison
        if (flag(`${path}.lost`, raw.lost)) team.lost = true
        teams!.push(team)
      })
    }
  }

  const permanents: ObjectState[] = []
  if (!Array.isArray(input.permanents)) problem('state.permanents', `expected a list (possibly empty), got ${describe(input.permanents)}`)
  else
    input.permanents.forEach((raw, index) => {
      const path = `state.permanents[${index}]`
      if (!isObject(raw)) return problem(path, `expected an object, got ${describe(raw)}`)
      unknownKeys(path, raw, objectFields)
      const controller = text(`${path}.controller`, raw.controller)
      const owner = text(`${path}.owner`, raw.owner)
      if (!controller && !owner) problem(`${path}.controller`, 'missing (a player id; or give owner)')
      const object: ObjectState = {
        id: text(`${path}.id`, raw.id, { required: true }) ?? `#object${index}`,
        name: text(`${path}.name`, raw.name, { required: true }) ?? '',
        types: words(`${path}.types`, raw.types, { required: true, canonicalize: true }) ?? [],
        controller: (controller ?? owner ?? '') as string,
        owner: (owner ?? controller ?? '') as string,
        timestamp: whole(`${path}.timestamp`, raw.timestamp) ?? index + 1
      }
      const supertypes = words(`${path}.supertypes`, raw.supertypes, { canonicalize: true })
      if (supertypes) object.supertypes = supertypes
      const subtypes = words(`${path}.subtypes`, raw.subtypes, { canonicalize: true })
      if (subtypes) object.subtypes = subtypes
      if (raw.zone !== undefined) {
        if (typeof raw.zone === 'string' && (zones as readonly string[]).includes(raw.zone)) object.zone = raw.zone as Zone
        else problem(`${path}.zone`, `expected one of ${zones.join(', ')}, got ${describe(raw.zone)}${typeof raw.zone === 'string' ? suggestion(raw.zone, [...zones]) : ''}`)
      }
      for (const key of ['phasedOut', 'deathtouchDamage', 'token', 'hasChapterAbilities', 'triggeredAbilityPending', 'attacked', 'commander', 'enteredZoneSinceLastCheck', 'faceUp'] as const) {
        const value = flag(`${path}.${key}`, raw[key])
        if (value !== undefined) object[key] = value
      }
      for (const key of ['power', 'toughness'] as const) {
        const value = whole(`${path}.${key}`, raw[key])
        if (typeof value === 'number') object[key] = value
      }
      for (const key of ['damage', 'regenerationShields', 'finalChapter', 'legendarySince', 'worldSince'] as const) {
        const value = whole(`${path}.${key}`, raw[key], { min: key === 'legendarySince' || key === 'worldSince' ? undefined : 0 })
        if (typeof value === 'number') object[key] = value
      }
      const counters = counts(`${path}.counters`, raw.counters)
      if (counters) object.counters = counters
      const limits = counts(`${path}.counterLimits`, raw.counterLimits)
      if (limits) object.counterLimits = limits
      const attachedTo = text(`${path}.attachedTo`, raw.attachedTo, { nullable: true })
      if (attachedTo !== undefined) object.attachedTo = attachedTo
      const enchant = words(`${path}.enchant`, raw.enchant)
      if (enchant) {
        object.enchant = enchant.map((word) => word.toLowerCase())
        object.enchant.forEach((word, i) => {
          if (!enchantables.includes(word)) problem(`${path}.enchant[${i}]`, `expected one of ${enchantables.join(', ')}, got ${JSON.stringify(word)}`)
        })
      }
      if (raw.copy !== undefined && raw.copy !== null) {
        if (raw.copy === 'card' || raw.copy === 'spell') object.copy = raw.copy
        else problem(`${path}.copy`, `expected "card" or "spell", got ${describe(raw.copy)}`)
      }
      const abilities = words(`${path}.abilities`, raw.abilities)
      if (abilities) object.abilities = abilities.map((word) => word.toLowerCase())
      const sector = text(`${path}.sector`, raw.sector, { nullable: true })
      if (sector !== undefined) object.sector = sector
      const protector = text(`${path}.protector`, raw.protector, { nullable: true })
      if (protector !== undefined) object.protector = protector
      if ((object.zone ?? 'battlefield') === 'battlefield' && object.types.includes('Creature') && object.toughness === undefined && raw.toughness === undefined) {
        problem(`${path}.toughness`, 'missing: a creature on the battlefield needs a toughness')
      }
      permanents.push(object)
    })

  // References and uniqueness, once the shapes are known.
  const playerIds = new Set<string>()
  players.forEach((player, index) => {
    if (playerIds.has(player.id)) problem(`state.players[${index}].id`, `duplicate id ${JSON.stringify(player.id)}`)
    playerIds.add(player.id)
  })
  const teamIds = new Set((teams ?? []).map((team) => team.id))
  players.forEach((player, index) => {
    if (player.team !== undefined && teams !== undefined && !teamIds.has(player.team)) problem(`state.players[${index}].team`, `no team ${JSON.stringify(player.team)} in state.teams`)
  })
  if (variant === 'two-headed-giant' && teams === undefined) problem('state.teams', 'missing: a two-headed-giant game needs teams with their shared life')
  const objectIds = new Set<string>()
  permanents.forEach((object, index) => {
    if (objectIds.has(object.id) || playerIds.has(object.id)) problem(`state.permanents[${index}].id`, `duplicate id ${JSON.stringify(object.id)}`)
    objectIds.add(object.id)
  })
  permanents.forEach((object, index) => {
    const path = `state.permanents[${index}]`
    if (object.controller && !playerIds.has(object.controller)) problem(`${path}.controller`, `no player ${JSON.stringify(object.controller)}`)
    if (object.owner && object.owner !== object.controller && !playerIds.has(object.owner)) problem(`${path}.owner`, `no player ${JSON.stringify(object.owner)}`)
    if (object.attachedTo && !objectIds.has(object.attachedTo) && !playerIds.has(object.attachedTo)) problem(`${path}.attachedTo`, `no object or player ${JSON.stringify(object.attachedTo)}`)
    if (object.protector && !playerIds.has(object.protector)) problem(`${path}.protector`, `no player ${JSON.stringify(object.protector)}`)
  })
  players.forEach((player, index) => {
    for (const id of Object.keys(player.commanderDamage ?? {})) if (!objectIds.has(id)) problem(`state.players[${index}].commanderDamage["${id}"]`, `no object ${JSON.stringify(id)}`)
  })
  let activePlayer: string | undefined
  if (input.activePlayer !== undefined) {
    activePlayer = text('state.activePlayer', input.activePlayer) ?? undefined
    if (activePlayer && !playerIds.has(activePlayer)) problem('state.activePlayer', `no player ${JSON.stringify(activePlayer)}`)
  }
  if (problems.length) return { problems }
  const state: GameState = { players, permanents }
  if (variant) state.variant = variant
  if (activePlayer) state.activePlayer = activePlayer
  if (teams) state.teams = teams
  return { problems, state }
}
