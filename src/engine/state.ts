/**
 * The game state the reference state-based-action engine reads: players, teams
 * and objects (permanents, and the cards, tokens and copies in other zones that
 * state-based actions look at).
 *
 * One zod schema gives both the TypeScript types and the validation (and, for
 * the HTTP API, the JSON Schema: `z.toJSONSchema(gameStateSchema)`). The schema
 * only validates; {@link validateState} then normalizes (type words in canonical
 * case, owners and timestamps filled in) and checks what refers to what.
 *
 * The engine never mutates a state: it returns a new one, which may share the
 * parts that did not change.
 */
import { closest, distance } from 'fastest-levenshtein'
import * as z from 'zod'
import { CrdbError } from '../vocabulary/errors.js'

const zones = ['battlefield', 'graveyard', 'exile', 'hand', 'library', 'stack', 'command', 'scheme-deck', 'planar-deck'] as const
const variants = ['normal', 'two-headed-giant', 'commander', 'archenemy', 'planechase'] as const
const enchantables = ['permanent', 'player', 'opponent', 'artifact', 'battle', 'creature', 'enchantment', 'land', 'planeswalker']
const canonicalWords = [
  'Artifact',
  'Battle',
  'Creature',
  'Enchantment',
  'Instant',
  'Land',
  'Planeswalker',
  'Sorcery',
  'Tribal',
  'Kindred',
  'Scheme',
  'Phenomenon',
  'Plane',
  'Dungeon',
  'Conspiracy',
  'Vanguard',
  'Legendary',
  'World',
  'Basic',
  'Snow',
  'Ongoing',
  'Host',
  'Elite',
  'Aura',
  'Equipment',
  'Fortification',
  'Saga',
  'Role',
  'Siege',
  'Legend',
  'Curse',
  'Class',
  'Case',
  'Room',
  'Vehicle'
]
const canonical = new Map(canonicalWords.map((word) => [word.toLowerCase(), word]))

/** How a problem names the value it found. */
function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return JSON.stringify(value.length > 30 ? value.slice(0, 30) + '…' : value)
  if (typeof value === 'object') return 'an object'
  return String(value)
}

/** ` (did you mean X?)` for the candidate nearest to `word` (case-insensitive), if near enough. */
function suggestion(word: string, known: readonly string[]): string {
  const lower = known.map((candidate) => candidate.toLowerCase())
  const wanted = word.toLowerCase()
  const best = closest(wanted, lower)
  if (best === undefined) return ''
  return distance(wanted, best) <= Math.max(2, Math.floor(word.length / 4)) ? ` (did you mean ${known[lower.indexOf(best)]}?)` : ''
}

type Issue = { code: string; input?: unknown; minimum?: unknown }
const missing = (what: string, issue: Issue): string | undefined => (issue.input === undefined ? `missing (${what})` : undefined)

const whole = (min?: number) => {
  const error = (issue: Issue) =>
    missing('a whole number', issue) ??
    (issue.code === 'too_small' ? `must be ${issue.minimum} or more, got ${issue.input}` : `expected a whole number, got ${describe(issue.input)}`)
  return min === undefined ? z.int({ error }) : z.int({ error }).min(min, { error })
}
const flag = () => z.boolean({ error: (issue) => `expected true or false, got ${describe(issue.input)}` })
const text = () =>
  z
    .string({ error: (issue) => missing('a string', issue) ?? `expected a non-empty string, got ${describe(issue.input)}` })
    .regex(/\S/, { error: (issue) => `expected a non-empty string, got ${describe(issue.input)}` })
const words = () => z.array(text(), { error: (issue) => missing('a list of strings', issue) ?? `expected a list of strings, got ${describe(issue.input)}` })
const counts = () => z.record(z.string(), whole(0), { error: (issue) => `expected an object of counts (e.g. {"+1/+1": 2}), got ${describe(issue.input)}` })
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, suggest = false) =>
  z.enum(values, {
    error: (issue) =>
      `expected one of ${values.join(', ')}, got ${describe(issue.input)}${suggest && typeof issue.input === 'string' ? suggestion(issue.input, values) : ''}`
  })

/** Where an object is. Permanents are on the `battlefield` ("in play" before 2009). */
const zoneSchema = oneOf(zones, true)
/** Where an object is. */
export type Zone = z.infer<typeof zoneSchema>

/** The game being played; variant state-based actions apply only in their variant. */
const gameVariantSchema = oneOf(variants)
/** The game being played. */
export type GameVariantName = z.infer<typeof gameVariantSchema>

/** The schema of a player. */
export const playerSchema = z.strictObject(
  {
    id: text(),
    life: whole(),
    poison: whole(0).optional(),
    /** Attempted to draw from an empty library since state-based actions were last checked. */
    attemptedDrawFromEmptyLibrary: flag().optional(),
    /** The id of the player's team (Two-Headed Giant). */
    team: text().optional(),
    /** Combat damage dealt to this player over the game, by commander object id. */
    commanderDamage: counts().optional(),
    /** Speed (start your engines!); absent or `null`: the player has no speed. */
    speed: whole(0).nullable().optional(),
    /** The dungeon the player is venturing into, if any. */
    dungeon: z
      .strictObject(
        { name: text(), onBottommostRoom: flag(), roomAbilityPending: flag().optional() },
        { error: (issue) => `expected {"name", "onBottommostRoom"}, got ${describe(issue.input)}` }
      )
      .nullable()
      .optional(),
    /** The planar controller (Planechase). */
    planarController: flag().optional(),
    /** An effect says this player can't lose the game (Platinum Angel): no state-based action makes them lose. */
    cantLose: flag().optional(),
    /** An effect says this player can't win the game (Abyssal Persecutor's controller). */
    cantWin: flag().optional(),
    /** Has lost the game. */
    lost: flag().optional()
  },
  { error: (issue) => `expected a player object, got ${describe(issue.input)}` }
)
/** A player. */
export type PlayerState = z.infer<typeof playerSchema>

/** The schema of a team. */
export const teamSchema = z.strictObject(
  {
    id: text(),
    life: whole(),
    /** Shared poison counters; default: the sum of the members' `poison`. */
    poison: whole(0).optional(),
    lost: flag().optional()
  },
  { error: (issue) => `expected a team object, got ${describe(issue.input)}` }
)
/** A team (Two-Headed Giant): a shared life total and shared poison counters. */
export type TeamState = z.infer<typeof teamSchema>

const enchantable = z
  .string({ error: (issue) => `expected a non-empty string, got ${describe(issue.input)}` })
  .refine((word) => enchantables.includes(word.trim().toLowerCase()), {
    error: (issue) => `expected one of ${enchantables.join(', ')}, got ${JSON.stringify(String(issue.input).trim().toLowerCase())}`
  })

/** A continuous effect that raises or lowers power and toughness (layer 7c), e.g. Glorious Anthem or Infest. */
const powerToughnessEffectSchema = z.strictObject({ power: whole().optional(), toughness: whole().optional(), source: text().optional() })

/** The schema of an object. */
export const objectSchema = z.strictObject(
  {
    id: text(),
    name: text(),
    /** Card types, e.g. `Creature`, `Artifact`, `Enchantment`, `Land`, `Planeswalker`, `Battle`, `Instant`, `Scheme`, `Phenomenon`. */
    types: words(),
    /** `Legendary`, `World`, `Basic`, `Snow`, `Ongoing`. */
    supertypes: words().optional(),
    /** `Aura`, `Equipment`, `Fortification`, `Saga`, `Role`, `Siege`, planeswalker and creature types. */
    subtypes: words().optional(),
    /** Default: the owner. */
    controller: text(),
    /** Default: the controller. */
    owner: text().optional(),
    /** Default: `battlefield`. */
    zone: zoneSchema.optional(),
    /** Phased out (on the battlefield, treated as though it doesn't exist). */
    phasedOut: flag().optional(),
    /** Base power and toughness; counters and `powerToughnessEffects` are added by the engine. */
    power: whole().optional(),
    toughness: whole().optional(),
    /** Continuous effects that raise or lower power and toughness. */
    powerToughnessEffects: z.array(powerToughnessEffectSchema).optional(),
    /** Damage marked on it. */
    damage: whole(0).optional(),
    /** Dealt damage by a source with deathtouch since state-based actions were last checked. */
    deathtouchDamage: flag().optional(),
    /** Counters by kind: `+1/+1`, `-1/-1`, `loyalty`, `lore`, `defense`, ... */
    counters: counts().optional(),
    /** "Can't have more than N counters of a kind": N by kind. */
    counterLimits: counts().optional(),
    /** The id of the object or player it is attached to. */
    attachedTo: text().nullable().optional(),
    /** What an Aura can enchant: `permanent`, `player`, or card types (`creature`, `land`, ...). Default: `permanent`. */
    enchant: z.array(enchantable, { error: (issue) => `expected a list of strings, got ${describe(issue.input)}` }).optional(),
    /** Its colors (`white`, `blue`, `black`, `red`, `green`), read by protection. */
    colors: words().optional(),
    /**
     * Protection from qualities: colors (`red`), card types (`creatures`, `artifacts`),
     * `everything`, or `player:<id>` (protection from a player). An Aura or Equipment
     * with such a quality can't be attached to it.
     */
    protectionFrom: words().optional(),
    token: flag().optional(),
    /** A copy of a card or of a spell. */
    copy: z
      .enum(['card', 'spell'], { error: (issue) => `expected "card" or "spell", got ${describe(issue.input)}` })
      .nullable()
      .optional(),
    /** Timestamp; default: its position in the list, from 1. */
    timestamp: whole().optional(),
    /** When it became legendary with its name (the 2001-2004 legend rule); default: `timestamp`. */
    legendarySince: whole().optional(),
    /** When it became a world permanent (the world rule); default: `timestamp`. */
    worldSince: whole().optional(),
    /** Keywords the engine reads: `indestructible`, `space sculptor`, `start your engines!`. */
    abilities: words().optional(),
    /** Regeneration shields. */
    regenerationShields: whole(0).optional(),
    /** A Saga's final chapter number (default: 0 for a Saga with `hasChapterAbilities: false`, else unknown). */
    finalChapter: whole(0).optional(),
    /** `false` for a Saga without chapter abilities (Urza's Saga under Blood Moon). */
    hasChapterAbilities: flag().optional(),
    /** It is the source of a triggered ability that has triggered but not left the stack (chapter, battle, phenomenon). */
    triggeredAbilityPending: flag().optional(),
    /** A creature's sector (space sculptor). */
    sector: text().nullable().optional(),
    /** A battle's protector (a player id). */
    protector: text().nullable().optional(),
    /** A battle being attacked. */
    attacked: flag().optional(),
    /** A commander (Commander variant). */
    commander: flag().optional(),
    /** Put into its zone since state-based actions were last checked. */
    enteredZoneSinceLastCheck: flag().optional(),
    /** Face up (schemes and phenomena in the command zone). */
    faceUp: flag().optional()
  },
  { error: (issue) => `expected an object, got ${describe(issue.input)}` }
)
/** An object: a permanent, or a card, token or copy in another zone. */
export type ObjectState = z.infer<typeof objectSchema>

/** The schema of a game state. */
export const gameStateSchema = z.strictObject(
  {
    /** Default: `normal`. */
    variant: gameVariantSchema.optional(),
    /** Whose turn it is (choices are made in APNAP order); default: the first player. */
    activePlayer: text().optional(),
    /** The players in seating order (clockwise). */
    players: z.array(playerSchema, { error: (issue) => `expected a non-empty list of players, got ${describe(issue.input)}` }).min(1, {
      error: (issue) => `expected a non-empty list of players, got ${describe(issue.input)}`
    }),
    teams: z.array(teamSchema, { error: (issue) => `expected a list of teams, got ${describe(issue.input)}` }).optional(),
    /**
     * Limited range of influence (multiplayer): each player's range is the players
     * seated within this many seats (in `players` order) and themselves.
     */
    rangeOfInfluence: whole(1).optional(),
    /** Permanents, and the objects in other zones state-based actions look at. */
    permanents: z.array(objectSchema, { error: (issue) => `expected a list (possibly empty), got ${describe(issue.input)}` })
  },
  { error: (issue) => `expected an object with "players" and "permanents", got ${describe(issue.input)}` }
)
/** A game state. */
export type GameState = z.infer<typeof gameStateSchema>

/** The schema whose keys an object at this path has, for "did you mean". */
const shapes: Record<string, readonly string[]> = {
  '': Object.keys(gameStateSchema.shape),
  players: Object.keys(playerSchema.shape),
  dungeon: ['name', 'onBottommostRoom', 'roomAbilityPending'],
  teams: Object.keys(teamSchema.shape),
  permanents: Object.keys(objectSchema.shape),
  powerToughnessEffects: Object.keys(powerToughnessEffectSchema.shape)
}
const records = new Set(['counters', 'counterLimits', 'commanderDamage'])

function pathOf(path: readonly PropertyKey[]): string {
  let out = 'state'
  path.forEach((key, index) => {
    if (typeof key === 'number') out += `[${key}]`
    else if (records.has(String(path[index - 1]))) out += `[${JSON.stringify(key)}]`
    else out += `.${String(key)}`
  })
  return out
}

/** A problem, with where it sorts: by its object, unknown fields first, then fields in schema order, then the object as a whole. */
interface Problem {
  path: readonly PropertyKey[]
  rank: number
  message: string
}

const sections = ['variant', 'activePlayer', 'players', 'teams', 'rangeOfInfluence', 'permanents']

function sortKey(problem: Problem): number[] {
  const [section, index, field] = problem.path
  if (section === undefined) return [-1, 0, 0, problem.rank]
  const fields = typeof index === 'number' ? shapes[String(section)] : undefined
  // Unknown fields of the object itself first, then its fields in schema order.
  const order = fields && typeof field === 'string' ? fields.indexOf(field) : -1
  return [sections.indexOf(String(section)), typeof index === 'number' ? index : -1, order, problem.rank]
}

function schemaProblems(input: unknown): Problem[] {
  const result = gameStateSchema.safeParse(input)
  if (result.success) return []
  const problems: Problem[] = []
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const owner = [...issue.path].reverse().find((key) => typeof key === 'string') ?? ''
      for (const key of issue.keys)
        problems.push({ path: [...issue.path, key], rank: 0, message: `unknown field${suggestion(key, shapes[String(owner)] ?? [])}` })
    } else problems.push({ path: issue.path, rank: 1, message: issue.message })
  }
  return problems
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const listOf = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.map((item) => (isObject(item) ? item : {})) : [])
const idOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/** What the schema cannot say about one object: the controller or owner, a creature's toughness. */
function objectProblems(input: Record<string, unknown>): Problem[] {
  const problems: Problem[] = []
  listOf(input.permanents).forEach((raw, index) => {
    if (raw.controller === undefined && raw.owner === undefined) {
      problems.push({ path: ['permanents', index, 'controller'], rank: 0.5, message: 'missing (a player id; or give owner)' })
    }
    const onBattlefield = !(zones as readonly unknown[]).includes(raw.zone) || raw.zone === 'battlefield'
    if (
      onBattlefield &&
      Array.isArray(raw.types) &&
      raw.types.some((t) => typeof t === 'string' && t.trim().toLowerCase() === 'creature') &&
      raw.toughness === undefined
    ) {
      problems.push({ path: ['permanents', index, 'toughness'], rank: 2, message: 'missing: a creature on the battlefield needs a toughness' })
    }
  })
  return problems
}

/** References and uniqueness: ids, teams, controllers, attachments, protectors. */
function referenceProblems(input: Record<string, unknown>): string[] {
  const problems: string[] = []
  const players = listOf(input.players)
  const permanents = listOf(input.permanents)
  const teams = Array.isArray(input.teams) ? listOf(input.teams) : undefined
  const playerIds = new Set<string>()
  players.forEach((player, index) => {
    const id = idOf(player.id)
    if (id === undefined) return
    if (playerIds.has(id)) problems.push(`state.players[${index}].id: duplicate id ${JSON.stringify(id)}`)
    playerIds.add(id)
  })
  const teamIds = new Set((teams ?? []).map((team) => idOf(team.id)))
  players.forEach((player, index) => {
    const team = idOf(player.team)
    if (team !== undefined && teams !== undefined && !teamIds.has(team))
      problems.push(`state.players[${index}].team: no team ${JSON.stringify(team)} in state.teams`)
  })
  if (input.variant === 'two-headed-giant' && input.teams === undefined)
    problems.push('state.teams: missing: a two-headed-giant game needs teams with their shared life')
  const objectIds = new Set<string>()
  permanents.forEach((object, index) => {
    const id = idOf(object.id)
    if (id === undefined) return
    if (objectIds.has(id) || playerIds.has(id)) problems.push(`state.permanents[${index}].id: duplicate id ${JSON.stringify(id)}`)
    objectIds.add(id)
  })
  permanents.forEach((object, index) => {
    const path = `state.permanents[${index}]`
    const [controller, owner, attachedTo, protector] = [idOf(object.controller), idOf(object.owner), idOf(object.attachedTo), idOf(object.protector)]
    if (controller && !playerIds.has(controller)) problems.push(`${path}.controller: no player ${JSON.stringify(controller)}`)
    if (owner && owner !== controller && !playerIds.has(owner)) problems.push(`${path}.owner: no player ${JSON.stringify(owner)}`)
    if (attachedTo && !objectIds.has(attachedTo) && !playerIds.has(attachedTo))
      problems.push(`${path}.attachedTo: no object or player ${JSON.stringify(attachedTo)}`)
    if (protector && !playerIds.has(protector)) problems.push(`${path}.protector: no player ${JSON.stringify(protector)}`)
  })
  players.forEach((player, index) => {
    if (!isObject(player.commanderDamage)) return
    for (const id of Object.keys(player.commanderDamage))
      if (!objectIds.has(id)) problems.push(`state.players[${index}].commanderDamage["${id}"]: no object ${JSON.stringify(id)}`)
  })
  const active = idOf(input.activePlayer)
  if (active && !playerIds.has(active)) problems.push(`state.activePlayer: no player ${JSON.stringify(active)}`)
  return problems
}

/** Every problem with `input` as a game state, each naming its path; empty when it is valid. */
export function stateProblems(input: unknown): string[] {
  // Without a controller the schema would also report `controller` missing; the object check says it better.
  const relaxed = isObject(input) && Array.isArray(input.permanents) ? { ...input, permanents: input.permanents.map(withController) } : input
  const problems = schemaProblems(relaxed)
  if (!isObject(input)) return problems.map((problem) => `${pathOf(problem.path)}: ${problem.message}`)
  problems.push(...objectProblems(input))
  const sorted = problems
    .map((problem, order) => ({ problem, order, key: sortKey(problem) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.key[3] - b.key[3] || a.order - b.order)
    .map(({ problem }) => `${pathOf(problem.path)}: ${problem.message}`)
  return [...sorted, ...referenceProblems(input)]
}

function withController(raw: unknown): unknown {
  if (!isObject(raw) || raw.controller !== undefined) return raw
  return { ...raw, controller: typeof raw.owner === 'string' ? raw.owner : 'unknown' }
}

const canonicalOf = (word: string): string => canonical.get(word.trim().toLowerCase()) ?? word.trim()

function normalizeCounts(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [kind, n] of Object.entries(counts)) {
    const key = kind
      .trim()
      .replace(/[\u2212\u2013]/g, '-')
      .toLowerCase()
    out[key] = (out[key] ?? 0) + n
  }
  return out
}

/** A valid object in canonical form: type words cased, counters by their ASCII name, owner and timestamp filled in. */
function normalizeObject(object: ObjectState, index: number): ObjectState {
  const out: ObjectState = {
    ...object,
    types: object.types.map(canonicalOf),
    owner: object.owner ?? object.controller,
    timestamp: object.timestamp ?? index + 1
  }
  if (object.supertypes) out.supertypes = object.supertypes.map(canonicalOf)
  if (object.subtypes) out.subtypes = object.subtypes.map(canonicalOf)
  if (object.counters) out.counters = normalizeCounts(object.counters)
  if (object.counterLimits) out.counterLimits = normalizeCounts(object.counterLimits)
  if (object.enchant) out.enchant = object.enchant.map((word) => word.trim().toLowerCase())
  if (object.abilities) out.abilities = object.abilities.map((word) => word.trim().toLowerCase())
  if (object.colors) out.colors = object.colors.map((word) => word.trim().toLowerCase())
  if (object.protectionFrom) out.protectionFrom = object.protectionFrom.map((word) => word.trim().toLowerCase())
  return out
}

/**
 * Check `input` (parsed JSON) as a game state and return it normalized: type
 * words in canonical case (`creature` -> `Creature`), `−1/−1` as `-1/-1`,
 * `owner` (or `controller`) and `timestamp` filled in.
 *
 * @param origin names the input in messages (a file name).
 * @throws {CrdbError} `E_BAD_STATE` naming the first problems and how many there are.
 */
export function validateState(input: unknown, origin = 'state'): GameState {
  const problems = stateProblems(input)
  if (problems.length) {
    const shown = problems.slice(0, 3).join('; ')
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more problem${problems.length - 3 === 1 ? '' : 's'})` : ''
    throw new CrdbError('E_BAD_STATE', `${origin}: ${shown}${more}`)
  }
  const state = gameStateSchema.parse(
    (input as Record<string, unknown>).permanents
      ? { ...(input as object), permanents: ((input as GameState).permanents as unknown[]).map(withController) }
      : input
  )
  return { ...state, permanents: state.permanents.map(normalizeObject) }
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
