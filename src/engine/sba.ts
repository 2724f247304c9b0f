/**
 * The reference state-based-action engine: `checkStateBasedActions(state, rules)`
 * performs an era's check loop until nothing more happens.
 *
 * Each pass reads one snapshot of the state, finds every applicable state-based
 * action of the era's edition, and performs them all at once as a single event
 * (an object destroyed by two checks is destroyed once, and one regeneration
 * shield replaces both); then the check is repeated. Which checks exist, and how
 * they read (the legend rule keeps the oldest, all, or one per controller), comes
 * from the `EraRules` the knowledge base resolved; every event cites the rule
 * number and text of that edition.
 */
import { CrdbError } from '../vocabulary/errors.js'
import { checkCatalog, type CheckId } from './catalog.js'
import type { Citation, EraRules } from './rules.js'
import type { GameState, ObjectState, PlayerState, TeamState } from './state.js'

/** What a state-based action does. */
export type SbaAction =
  | 'loses-game'
  | 'put-into-graveyard'
  | 'destroyed'
  | 'regenerated'
  | 'sacrificed'
  | 'ceases-to-exist'
  | 'unattached'
  | 'counters-removed'
  | 'speed-set'
  | 'sector-chosen'
  | 'protector-chosen'
  | 'dungeon-removed'
  | 'to-command-zone'
  | 'scheme-to-bottom'
  | 'planeswalked'

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

/** A choice the rules leave to a player. */
export type ChoiceRequest =
  | { kind: 'legend-rule'; player: string; name: string; candidates: readonly ObjectState[] }
  | { kind: 'planeswalker-uniqueness'; player: string; type: string; candidates: readonly ObjectState[] }
  | { kind: 'protector'; battle: ObjectState; player: string; candidates: readonly string[] }
  | { kind: 'sector'; creature: ObjectState; player: string; sectors: readonly string[] }
  | { kind: 'commander-to-command-zone'; commander: ObjectState; player: string }

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

const sectors = ['alpha', 'beta', 'gamma'] as const

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

/** A pending action on one subject. */
interface Pending {
  kind: 'object' | 'player' | 'team'
  id: string
  // For objects: the strongest zone change wins: cease > graveyard/sacrifice > destroy.
  cease?: CheckId[]
  graveyard?: CheckId[]
  sacrifice?: CheckId[]
  destroy?: CheckId[]
  unattach?: CheckId[]
  counters?: Array<{ check: CheckId; kind: string; count: number }>
  commandZone?: CheckId
  schemeBottom?: CheckId
  phenomenon?: CheckId
  sector?: { check: CheckId; value: string }
  protector?: { check: CheckId; value: string }
  kept?: string[]
  // For players and teams.
  lose?: CheckId[]
  speed?: CheckId
  dungeon?: CheckId
}

const battlefield = (object: ObjectState): boolean => (object.zone ?? 'battlefield') === 'battlefield'
const count = (object: ObjectState, kind: string): number => object.counters?.[kind] ?? 0
const toughnessOf = (object: ObjectState): number => (object.toughness ?? 0) + count(object, '+1/+1') - count(object, '-1/-1')
const has = (list: readonly string[] | undefined, word: string): boolean => list !== undefined && list.includes(word)

/**
 * Perform the state-based actions of `rules`' edition on `state` until none applies.
 *
 * @param rules the era (from `openRules`); only its citations and semantics are read.
 * @param choose answers the choices the rules leave to players (default: {@link defaultChoice}).
 * @throws {CrdbError} `E_USAGE` when `choose` answers with something that is not one of the options.
 */
export function checkStateBasedActions(state: GameState, rules: EraRules, choose?: ChoiceCallback): SbaResult {
  const semantics = rules.semantics
  const cite = (id: CheckId): Citation | null => rules.citation(id)
  const inForce = compile(rules)
  const on = (id: CheckId): boolean => inForce[id]
  const notes = new Set<string>()
  const events: SbaEvent[] = []
  const notInForce = (id: CheckId): string => {
    const answer = rules.check(id)
    return answer.inForce ? '' : answer.message
  }

  const ask = (request: ChoiceRequest): string | boolean => {
    const answer = choose?.(request)
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

  // The variant's own checks, where the state plays one.
  const variant = state.variant ?? 'normal'
  const twoHeaded = variant === 'two-headed-giant' && on('team-zero-life-2hg')
  if (variant === 'two-headed-giant' && !twoHeaded) notes.add(`Two-Headed Giant: ${notInForce('team-zero-life-2hg')}; players are checked one by one`)
  if (variant === 'commander' && !on('commander-damage')) notes.add(`Commander: ${notInForce('commander-damage')}`)
  if (variant === 'archenemy' && !on('archenemy-scheme')) notes.add(`Archenemy: ${notInForce('archenemy-scheme')}`)
  if (variant === 'planechase' && !on('planechase-phenomenon')) notes.add(`Planechase: ${notInForce('planechase-phenomenon')}`)

  let current = state
  let passes = 0
  let flagged = false // the snapshot has "since the last check" flags to clear
  let gameOver: SbaResult['gameOver'] = null
  for (;;) {
    passes++
    if (passes > 1000) {
      notes.add('stopped after 1000 checks: the state keeps changing')
      break
    }
    flagged = false
    const pending = collect(current)
    if (pending.size === 0) {
      if (flagged) current = clearSinceLastCheckFlags(current)
      break
    }
    const before = events.length
    current = apply(current, pending, passes)
    if (events.length === before) break // only actions that changed nothing (e.g. indestructible)
    const alive = aliveSides(current)
    if (alive !== null && alive.total >= 2 && alive.winners.length <= 1) {
      gameOver = { winners: alive.winners }
      notes.add(alive.winners.length ? `the game is over: ${alive.winners.join(', ')} wins` : 'the game is over: a draw (every player lost at once)')
      break
    }
  }

  const loop = (['check-loop', 'check-loop-triggers', 'single-replacement-effect', 'last-known-information'] as const).map(cite).filter((c): c is Citation => c !== null)
  return { state: current, events, passes, edition: rules.edition, loop, notes: [...notes], gameOver }

  /** Every state-based action that applies to `snapshot`, by subject id. */
  function collect(snapshot: GameState): Map<string, Pending> {
    const pending = new Map<string, Pending>()
    const at = (kind: Pending['kind'], id: string): Pending => {
      let entry = pending.get(id)
      if (!entry) pending.set(id, (entry = { kind, id }))
      return entry
    }
    const push = (list: CheckId[] | undefined, id: CheckId): CheckId[] => {
      if (!list) return [id]
      if (!list.includes(id)) list.push(id)
      return list
    }

    // Players and teams.
    const players = snapshot.players
    const playerById = new Map<string, PlayerState>()
    for (const player of players) playerById.set(player.id, player)
    for (const player of players) {
      if (player.attemptedDrawFromEmptyLibrary) flagged = true
      if (player.lost) continue
      if (player.life <= 0 && !(twoHeaded && player.team !== undefined) && on('player-zero-life')) {
        const entry = at('player', player.id)
        entry.lose = push(entry.lose, 'player-zero-life')
      }
      if (player.attemptedDrawFromEmptyLibrary) {
        if (on('draw-from-empty-library')) {
          const entry = at('player', player.id)
          entry.lose = push(entry.lose, 'draw-from-empty-library')
        } else notes.add(`${player.id} attempted to draw from an empty library: ${notInForce('draw-from-empty-library')}`)
      }
      if ((player.poison ?? 0) >= 10) {
        if (!on('poison')) notes.add(`${player.id} has ${player.poison} poison counters: ${notInForce('poison')}`)
        else if (variant === 'two-headed-giant' && semantics.poisonIgnoredInTwoHeadedGiant) notes.add(`${player.id} has ${player.poison} poison counters: ${cite('poison')!.number} is ignored in Two-Headed Giant games`)
        else {
          const entry = at('player', player.id)
          entry.lose = push(entry.lose, 'poison')
        }
      }
      if (variant === 'commander' && player.commanderDamage && on('commander-damage')) {
        for (const damage of Object.values(player.commanderDamage)) {
          if (damage >= 21) {
            const entry = at('player', player.id)
            entry.lose = push(entry.lose, 'commander-damage')
          }
        }
      }
      if (player.dungeon && player.dungeon.onBottommostRoom && !player.dungeon.roomAbilityPending) {
        if (on('dungeon-complete')) at('player', player.id).dungeon = 'dungeon-complete'
        else notes.add(`${player.id}'s dungeon is complete: ${notInForce('dungeon-complete')}`)
      }
    }
    if (twoHeaded && snapshot.teams) {
      for (const team of snapshot.teams) {
        if (team.lost) continue
        if (team.life <= 0) {
          const entry = at('team', team.id)
          entry.lose = push(entry.lose, 'team-zero-life-2hg')
        }
        const poison = team.poison ?? players.reduce((sum, player) => sum + (player.team === team.id ? player.poison ?? 0 : 0), 0)
        if (poison >= 15 && on('team-poison-2hg')) {
          const entry = at('team', team.id)
          entry.lose = push(entry.lose, 'team-poison-2hg')
        }
      }
    }

    // Objects: one pass over the list, then the rules that compare objects.
    const objects = snapshot.permanents
    // Auras, Equipment and Fortifications, checked once the objects they point at are indexed.
    let attachables: ObjectState[] | undefined
    let legends: Map<string, ObjectState> | undefined
    let legendGroups: Map<string, ObjectState[]> | undefined
    let planeswalkers: ObjectState[] | undefined
    let worlds: ObjectState[] | undefined
    let roles: ObjectState[] | undefined
    let sculptor = false
    const engines = new Set<string>()

    const tokenRule = inForce['token-outside-battlefield']
    const copyRule = inForce['copy-outside-stack']
    const toughnessRule = inForce['toughness-zero']
    const lethalRule = inForce['lethal-damage']
    const loyaltyRule = inForce['planeswalker-zero-loyalty']
    const annihilationRule = inForce['counter-annihilation']
    const limitRule = inForce['counter-limit']
    const equipmentRule = inForce['equipment-illegal']
    const attachedRule = inForce['non-aura-attached']
    const legendSubtype = semantics.legendSubtypeCounts
    for (let index = 0; index < objects.length; index++) {
      const object = objects[index]
      if (object.deathtouchDamage || object.enteredZoneSinceLastCheck) flagged = true
      const zone = object.zone ?? 'battlefield'
      if (zone !== 'battlefield') {
        if (object.token && tokenRule) {
          const entry = at('object', object.id)
          entry.cease = push(entry.cease, 'token-outside-battlefield')
        }
        if (object.copy === 'spell' ? zone !== 'stack' : object.copy === 'card' ? zone !== 'stack' && semantics.cardCopiesCease : false) {
          if (copyRule) {
            const entry = at('object', object.id)
            entry.cease = push(entry.cease, 'copy-outside-stack')
          }
        }
        if (variant === 'commander' && object.commander && object.enteredZoneSinceLastCheck && (zone === 'graveyard' || zone === 'exile')) {
          if (on('commander-to-command-zone')) {
            if (ask({ kind: 'commander-to-command-zone', commander: object, player: object.owner ?? object.controller }) === true) at('object', object.id).commandZone = 'commander-to-command-zone'
          } else notes.add(`commander ${object.name} is in the ${zone === 'exile' ? semantics.exile : zone}: ${notInForce('commander-to-command-zone')}`)
        }
        if (zone === 'command' && object.faceUp && !object.triggeredAbilityPending) {
          if (variant === 'archenemy' && has(object.types, 'Scheme') && !has(object.supertypes, 'Ongoing') && on('archenemy-scheme')) at('object', object.id).schemeBottom = 'archenemy-scheme'
          if (variant === 'planechase' && has(object.types, 'Phenomenon') && on('planechase-phenomenon')) at('object', object.id).phenomenon = 'planechase-phenomenon'
        }
        continue
      }
      if (object.phasedOut) {
        if (object.token && semantics.phasedOutTokensCease) {
          const entry = at('object', object.id)
          entry.cease = push(entry.cease, 'token-phased-out')
        }
        continue // treated as though it doesn't exist
      }
      if (object.copy === 'spell' && copyRule) {
        const entry = at('object', object.id)
        entry.cease = push(entry.cease, 'copy-outside-stack')
      }
      const types = object.types
      let creature = false
      let planeswalker = false
      let battleType = false
      for (let t = 0; t < types.length; t++) {
        const type = types[t]
        if (type === 'Creature') creature = true
        else if (type === 'Planeswalker') planeswalker = true
        else if (type === 'Battle') battleType = true
      }
      const supertypes = object.supertypes
      let legendary = false
      let world = false
      if (supertypes !== undefined) {
        for (let t = 0; t < supertypes.length; t++) {
          const type = supertypes[t]
          if (type === 'Legendary') legendary = true
          else if (type === 'World') world = true
        }
      }
      const subtypes = object.subtypes
      let aura = false
      let equipment = false
      let fortification = false
      let saga = false
      let role = false
      if (subtypes !== undefined) {
        for (let t = 0; t < subtypes.length; t++) {
          switch (subtypes[t]) {
            case 'Aura':
              aura = true
              break
            case 'Equipment':
              equipment = true
              break
            case 'Fortification':
              fortification = true
              break
            case 'Saga':
              saga = true
              break
            case 'Role':
              role = true
              break
            case 'Legend':
              if (legendSubtype) legendary = true
              break
          }
        }
      }
      const counters = object.counters
      if (creature) {
        const toughness = toughnessOf(object)
        if (toughness <= 0 && toughnessRule) {
          const entry = at('object', object.id)
          entry.graveyard = push(entry.graveyard, 'toughness-zero')
        }
        const damage = object.damage ?? 0
        if (damage > 0 && damage >= toughness && (toughness > 0 || !semantics.lethalDamageNeedsPositiveToughness) && lethalRule) {
          const entry = at('object', object.id)
          entry.destroy = push(entry.destroy, 'lethal-damage')
        }
        if (object.deathtouchDamage) {
          if (on('deathtouch-damage')) {
            if (toughness > 0 || !semantics.deathtouchNeedsPositiveToughness) {
              const entry = at('object', object.id)
              entry.destroy = push(entry.destroy, 'deathtouch-damage')
            }
          } else if (semantics.deathtouch === 'triggered') {
            const rule = cite('deathtouch-triggered')!
            notes.add(`${object.name} (${object.id}) was dealt deathtouch damage: in this edition deathtouch is a triggered ability (${rule.number}), not a state-based action; its trigger is not modelled`)
          } else notes.add(`${object.name} (${object.id}) was dealt deathtouch damage: ${notInForce('deathtouch-damage')}; no rule of this edition defines deathtouch`)
        }
      }
      if (planeswalker) {
        if (count(object, 'loyalty') === 0) {
          if (loyaltyRule) {
            const entry = at('object', object.id)
            entry.graveyard = push(entry.graveyard, 'planeswalker-zero-loyalty')
          } else notes.add(`${object.name} (${object.id}) has loyalty 0: ${notInForce('planeswalker-zero-loyalty')}`)
        }
        ;(planeswalkers ??= []).push(object)
      }
      if (legendary) {
        legends ??= new Map()
        const first = legends.get(object.name)
        if (first === undefined) legends.set(object.name, object)
        else {
          legendGroups ??= new Map()
          const group = legendGroups.get(object.name)
          if (group) group.push(object)
          else legendGroups.set(object.name, [first, object])
        }
      }
      if (world) (worlds ??= []).push(object)
      if (counters !== undefined) {
        const plus = counters['+1/+1'] ?? 0
        const minus = counters['-1/-1'] ?? 0
        if (plus > 0 && minus > 0) {
          if (annihilationRule) {
            const entry = at('object', object.id)
            const n = Math.min(plus, minus)
            ;(entry.counters ??= []).push({ check: 'counter-annihilation', kind: '+1/+1', count: n }, { check: 'counter-annihilation', kind: '-1/-1', count: n })
          } else notes.add(`${object.name} (${object.id}) has ${plus} +1/+1 and ${minus} -1/-1 counters: ${notInForce('counter-annihilation')}; both stay`)
        }
        const limits = object.counterLimits
        if (limits !== undefined) {
          for (const kind in limits) {
            const excess = (counters[kind] ?? 0) - limits[kind]
            if (excess > 0 && limitRule) (at('object', object.id).counters ??= []).push({ check: 'counter-limit', kind, count: excess })
          }
        }
        if (saga && object.finalChapter !== undefined && (counters.lore ?? 0) >= object.finalChapter && !object.triggeredAbilityPending) {
          if (!semantics.sagaNeedsChapterAbilities || object.hasChapterAbilities !== false) {
            if (on('saga-final-chapter')) {
              const entry = at('object', object.id)
              entry.sacrifice = push(entry.sacrifice, 'saga-final-chapter')
            }
          }
        }
      }
      if (battleType) battle(object)
      const abilities = object.abilities
      if (abilities !== undefined) {
        if (abilities.includes('space sculptor')) sculptor = true
        if (abilities.includes('start your engines!')) engines.add(object.controller)
      }
      const attachedTo = object.attachedTo
      if (aura || ((equipment || fortification) && attachedTo && equipmentRule)) (attachables ??= []).push(object)
      if (role && aura && attachedTo) (roles ??= []).push(object)
      if (attachedTo && attachedRule) {
        const other = !aura && !equipment && !fortification
        if (other || (creature && semantics.attachedCreaturesUnattach) || (battleType && semantics.attachedBattlesUnattach)) {
          const entry = at('object', object.id)
          entry.unattach = push(entry.unattach, 'non-aura-attached')
        }
      }
    }

    if (attachables) {
      const hosts = new Map<string, ObjectState>()
      if (attachables.length > 16) for (const object of objects) hosts.set(object.id, object)
      else {
        const wanted = new Set<string>()
        for (const object of attachables) if (object.attachedTo) wanted.add(object.attachedTo)
        if (wanted.size) for (const object of objects) if (wanted.has(object.id)) hosts.set(object.id, object)
      }
      for (const object of attachables) {
        const attachedTo = object.attachedTo
        const host = attachedTo ? hosts.get(attachedTo) : undefined
        if (has(object.subtypes, 'Aura')) {
          if (auraIllegal(object, attachedTo, host)) {
            const entry = at('object', object.id)
            entry.graveyard = push(entry.graveyard, 'aura-illegal')
          }
          continue
        }
        let illegal: boolean
        if (!host) illegal = playerById.has(attachedTo!) ? semantics.equipmentOnPlayerUnattaches : true
        else
          illegal =
            host === object ||
            !battlefield(host) ||
            (host.phasedOut === true ? false : has(object.subtypes, 'Equipment') ? !host.types.includes('Creature') || object.types.includes('Creature') : !host.types.includes('Land'))
        if (illegal) {
          const entry = at('object', object.id)
          entry.unattach = push(entry.unattach, 'equipment-illegal')
        }
      }
    }

    // Rules that compare objects.
    if (legendGroups) for (const group of legendGroups.values()) legendRule(group)
    if (planeswalkers && planeswalkers.length > 1) planeswalkerUniqueness(planeswalkers)
    if (worlds && worlds.length > 1) worldRule(worlds)
    if (roles && roles.length > 1) roleRule(roles)
    if (sculptor && on('space-sculptor-sector')) {
      for (const creature of objects) {
        if (!battlefield(creature) || creature.phasedOut || creature.sector != null || !creature.types.includes('Creature')) continue
        const value = ask({ kind: 'sector', creature, player: creature.controller, sectors }) as string
        at('object', creature.id).sector = { check: 'space-sculptor-sector', value }
      }
    }
    for (const id of engines) {
      const player = playerById.get(id)
      if (player && !player.lost && (player.speed === undefined || player.speed === null || player.speed === 0) && on('speed-start')) at('player', id).speed = 'speed-start'
    }
    return pending

    function auraIllegal(object: ObjectState, attachedTo: string | null | undefined, host: ObjectState | undefined): boolean {
      if (!on('aura-illegal')) return false
      if (!attachedTo) return true
      const enchant = object.enchant ?? ['permanent']
      const player = playerById.get(attachedTo)
      if (player) {
        if (!semantics.aurasMayEnchantPlayers) return true
        return !(enchant.includes('player') || (enchant.includes('opponent') && attachedTo !== object.controller)) || player.lost === true
      }
      if (!host || !battlefield(host) || host === object) return true
      if (host.phasedOut) return false // phases out with it
      if (object.types.includes('Creature')) return true // an Aura that's also a creature can't enchant anything
      return !enchant.some((word) => word === 'permanent' || host.types.some((type) => type.toLowerCase() === word))
    }

    function battle(object: ObjectState): void {
      if (count(object, 'defense') === 0 && !object.triggeredAbilityPending && on('battle-zero-defense')) {
        const entry = at('object', object.id)
        entry.graveyard = push(entry.graveyard, 'battle-zero-defense')
        return
      }
      const opponents = players.filter((player) => !player.lost && player.id !== object.controller).map((player) => player.id)
      const siege = has(object.subtypes, 'Siege')
      if (!object.protector && !object.attacked && on('battle-no-protector')) {
        if (opponents.length === 0) {
          const entry = at('object', object.id)
          entry.graveyard = push(entry.graveyard, 'battle-no-protector')
        } else at('object', object.id).protector = { check: 'battle-no-protector', value: ask({ kind: 'protector', battle: object, player: object.controller, candidates: opponents }) as string }
      } else if (siege && object.protector === object.controller && on('siege-self-protector')) {
        if (opponents.length === 0) {
          const entry = at('object', object.id)
          entry.graveyard = push(entry.graveyard, 'siege-self-protector')
        } else at('object', object.id).protector = { check: 'siege-self-protector', value: ask({ kind: 'protector', battle: object, player: object.controller, candidates: opponents }) as string }
      }
    }

    function goes(objects: readonly ObjectState[], check: CheckId, kept: ObjectState | null): void {
      for (const object of objects) {
        if (object === kept) continue
        const entry = at('object', object.id)
        entry.graveyard = push(entry.graveyard, check)
        if (kept) (entry.kept ??= []).push(`${kept.name} (${kept.id})`)
      }
    }

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

    function byController(group: readonly ObjectState[]): Map<string, ObjectState[]> {
      const map = new Map<string, ObjectState[]>()
      for (const object of group) {
        const list = map.get(object.controller)
        if (list) list.push(object)
        else map.set(object.controller, [object])
      }
      return map
    }

    function chooser(group: readonly ObjectState[], request: (player: string, candidates: ObjectState[]) => ChoiceRequest, check: CheckId): void {
      for (const [player, candidates] of orderedByApnap(byController(group))) {
        if (candidates.length < 2) continue
        const keep = ask(request(player, candidates))
        goes(candidates, check, candidates.find((candidate) => candidate.id === keep) ?? null)
      }
    }

    function orderedByApnap(map: Map<string, ObjectState[]>): Array<[string, ObjectState[]]> {
      const order = players.map((player) => player.id)
      const active = snapshot.activePlayer ? order.indexOf(snapshot.activePlayer) : 0
      const rank = (id: string): number => (order.indexOf(id) - active + order.length) % order.length
      return [...map.entries()].sort((a, b) => rank(a[0]) - rank(b[0]))
    }

    function legendRule(group: ObjectState[]): void {
      if (!on('legend-rule')) return
      switch (semantics.legendRule) {
        case 'earliest-timestamp':
          return goes(group, 'legend-rule', oldest(group, (object) => object.timestamp ?? 0))
        case 'longest':
          return goes(group, 'legend-rule', oldest(group, (object) => object.legendarySince ?? object.timestamp ?? 0))
        case 'all':
          return goes(group, 'legend-rule', null)
        default:
          return chooser(group, (player, candidates) => ({ kind: 'legend-rule', player, name: group[0].name, candidates }), 'legend-rule')
      }
    }

    function planeswalkerUniqueness(all: ObjectState[]): void {
      // Most types are unique: group only the types seen twice.
      const seen = new Map<string, ObjectState>()
      const byType = new Map<string, ObjectState[]>()
      for (const walker of all) {
        const types = walker.subtypes
        if (types === undefined) continue
        for (const type of types) {
          const first = seen.get(type)
          if (first === undefined) seen.set(type, walker)
          else {
            const list = byType.get(type)
            if (list) list.push(walker)
            else byType.set(type, [first, walker])
          }
        }
      }
      for (const [type, group] of byType) {
        if (group.length < 2) continue
        if (!on('planeswalker-uniqueness')) {
          notes.add(`planeswalkers sharing the type ${type} (${group.map((w) => w.id).join(', ')}): ${notInForce('planeswalker-uniqueness')}`)
          continue
        }
        if (semantics.planeswalkerUniqueness === 'all') goes(group, 'planeswalker-uniqueness', null)
        else chooser(group, (player, candidates) => ({ kind: 'planeswalker-uniqueness', player, type, candidates }), 'planeswalker-uniqueness')
      }
    }

    function worldRule(group: ObjectState[]): void {
      if (!on('world-rule')) return
      // The one a world for the shortest time (the newest) stays; a tie for newest puts all into the graveyard.
      let newest: ObjectState | null = null
      let tie = false
      const since = (object: ObjectState): number => object.worldSince ?? object.timestamp ?? 0
      for (const object of group) {
        if (newest === null || since(object) > since(newest)) {
          newest = object
          tie = false
        } else if (since(object) === since(newest)) tie = true
      }
      goes(group, 'world-rule', tie ? null : newest)
    }

    function roleRule(all: ObjectState[]): void {
      if (!on('role-uniqueness')) return
      const groups = new Map<string, ObjectState[]>()
      for (const role of all) {
        const key = `${role.attachedTo}\u0000${role.controller}`
        const list = groups.get(key)
        if (list) list.push(role)
        else groups.set(key, [role])
      }
      for (const group of groups.values()) {
        if (group.length < 2) continue
        let newest = group[0]
        for (const role of group) if ((role.timestamp ?? 0) > (newest.timestamp ?? 0)) newest = role
        goes(group, 'role-uniqueness', newest)
      }
    }
  }

  /** Perform every pending action at once and return the new state. */
  function apply(snapshot: GameState, pending: Map<string, Pending>, pass: number): GameState {
    const citations = (checks: readonly CheckId[]): Citation[] => checks.map((id) => cite(id)!)
    const event = (action: SbaAction, subject: SbaEvent['subject'], checks: CheckId[], detail?: string, lastKnown?: ObjectState): void => {
      events.push({ pass, action, subject, ...(detail ? { detail } : {}), checks: [...checks], rules: citations(checks), ...(lastKnown ? { lastKnown } : {}) })
    }

    // "Since the last check" flags are consumed by this check.
    let players: PlayerState[] = snapshot.players.map((player) => (player.attemptedDrawFromEmptyLibrary ? { ...player, attemptedDrawFromEmptyLibrary: false } : player))
    let teams = snapshot.teams
    const objects: ObjectState[] = []
    for (const object of snapshot.permanents) {
      const entry = pending.get(object.id)
      let next: ObjectState | null = object.deathtouchDamage || object.enteredZoneSinceLastCheck ? { ...object, deathtouchDamage: false, enteredZoneSinceLastCheck: false } : object
      if (entry && entry.kind === 'object') next = applyToObject(next, entry, object)
      if (next) objects.push(next)
    }

    for (const entry of pending.values()) {
      if (entry.kind === 'player') {
        const index = players.findIndex((player) => player.id === entry.id)
        let player = players[index]
        if (entry.lose) {
          const team = twoHeaded && player.team !== undefined ? player.team : undefined
          const mates = team === undefined ? [] : players.filter((p) => p.team === team && p.id !== player.id && !p.lost).map((p) => p.id)
          player = { ...player, lost: true }
          event('loses-game', { kind: 'player', id: player.id }, entry.lose, team === undefined ? undefined : `team ${team} loses with them${mates.length ? ` (${mates.join(', ')})` : ''}`)
          if (team !== undefined) {
            teams = (teams ?? []).map((t): TeamState => (t.id === team ? { ...t, lost: true } : t))
            players = players.map((p) => (p.team === team ? { ...p, lost: true } : p))
          }
        }
        if (entry.dungeon) {
          event('dungeon-removed', { kind: 'player', id: player.id }, [entry.dungeon], `${player.dungeon!.name} is removed from the game`)
          player = { ...player, dungeon: null }
        }
        if (entry.speed) {
          event('speed-set', { kind: 'player', id: player.id }, [entry.speed], 'speed 1')
          player = { ...player, speed: 1 }
        }
        players = players.map((p, i) => (i === index ? player : p))
      } else if (entry.kind === 'team' && entry.lose) {
        teams = (teams ?? []).map((team): TeamState => (team.id === entry.id ? { ...team, lost: true } : team))
        event('loses-game', { kind: 'team', id: entry.id }, entry.lose, `players ${players.filter((p) => p.team === entry.id).map((p) => p.id).join(', ')}`)
        players = players.map((player) => (player.team === entry.id ? { ...player, lost: true } : player))
      }
    }

    const next: GameState = { ...snapshot, players, permanents: objects }
    if (teams) next.teams = teams
    return next

    function subject(object: ObjectState): SbaEvent['subject'] {
      return { kind: 'object', id: object.id, name: object.name }
    }

    function toGraveyard(object: ObjectState): ObjectState {
      const { damage: _damage, counters: _counters, attachedTo: _attachedTo, phasedOut: _phasedOut, regenerationShields: _shields, sector: _sector, protector: _protector, attacked: _attacked, ...rest } = object
      return { ...rest, zone: 'graveyard', controller: object.owner ?? object.controller, enteredZoneSinceLastCheck: true, deathtouchDamage: false }
    }

    function applyToObject(object: ObjectState, entry: Pending, before: ObjectState): ObjectState | null {
      const kept = entry.kept?.length ? `kept ${[...new Set(entry.kept)].join(', ')}` : undefined
      if (entry.cease) {
        event('ceases-to-exist', subject(object), entry.cease, undefined, before)
        return null
      }
      if (entry.graveyard || entry.sacrifice) {
        const checks = [...(entry.graveyard ?? []), ...(entry.sacrifice ?? []), ...(entry.destroy ?? [])]
        event(entry.graveyard ? 'put-into-graveyard' : 'sacrificed', subject(object), checks, kept, battlefield(before) ? before : undefined)
        return toGraveyard(object)
      }
      if (entry.destroy) {
        if (has(object.abilities, 'indestructible')) {
          notes.add(`${object.name} (${object.id}) is indestructible: ${entry.destroy.join(', ')} destroys nothing`)
        } else if ((object.regenerationShields ?? 0) > 0) {
          event('regenerated', subject(object), entry.destroy, 'a regeneration shield replaces the destruction: damage removed, tapped, removed from combat')
          object = { ...object, regenerationShields: object.regenerationShields! - 1, damage: 0, deathtouchDamage: false }
        } else {
          event('destroyed', subject(object), entry.destroy, undefined, before)
          return toGraveyard(object)
        }
      }
      if (entry.commandZone) {
        event('to-command-zone', subject(object), [entry.commandZone], `from the ${object.zone === 'exile' ? semantics.exile : object.zone}`)
        return { ...object, zone: 'command', enteredZoneSinceLastCheck: false }
      }
      if (entry.schemeBottom) {
        event('scheme-to-bottom', subject(object), [entry.schemeBottom], 'turned face down, put on the bottom of the scheme deck')
        return { ...object, zone: 'scheme-deck', faceUp: false }
      }
      if (entry.phenomenon) {
        const planar = players.find((player) => player.planarController) ?? players[0]
        event('planeswalked', subject(object), [entry.phenomenon], `${planar.id} planeswalks; the phenomenon goes to the bottom of the planar deck`)
        return { ...object, zone: 'planar-deck', faceUp: false }
      }
      if (entry.unattach) {
        event('unattached', subject(object), entry.unattach, `from ${object.attachedTo}`)
        object = { ...object, attachedTo: null }
      }
      if (entry.counters) {
        const counters = { ...object.counters }
        const checks = new Set<CheckId>()
        const parts: string[] = []
        for (const removal of entry.counters) {
          counters[removal.kind] = (counters[removal.kind] ?? 0) - removal.count
          if (counters[removal.kind] <= 0) delete counters[removal.kind]
          checks.add(removal.check)
          parts.push(`${removal.count} ${removal.kind}`)
        }
        event('counters-removed', subject(object), [...checks], `removed ${parts.join(' and ')}`)
        object = { ...object, counters }
      }
      if (entry.sector) {
        event('sector-chosen', subject(object), [entry.sector.check], `sector ${entry.sector.value}`)
        object = { ...object, sector: entry.sector.value }
      }
      if (entry.protector) {
        event('protector-chosen', subject(object), [entry.protector.check], `protector ${entry.protector.value}`)
        object = { ...object, protector: entry.protector.value }
      }
      return object
    }
  }
}

function clearSinceLastCheckFlags(state: GameState): GameState {
  return {
    ...state,
    players: state.players.map((player) => (player.attemptedDrawFromEmptyLibrary ? { ...player, attemptedDrawFromEmptyLibrary: false } : player)),
    permanents: state.permanents.map((object) => (object.deathtouchDamage || object.enteredZoneSinceLastCheck ? { ...object, deathtouchDamage: false, enteredZoneSinceLastCheck: false } : object))
  }
}

/** The sides still in the game (teams in Two-Headed Giant, else players), or `null` for a one-player state. */
function aliveSides(state: GameState): { total: number; winners: string[] } | null {
  if (state.players.length < 2) return null
  if (state.variant === 'two-headed-giant' && state.teams && state.teams.length >= 2) {
    const alive = state.teams.filter((team) => !team.lost && state.players.some((player) => player.team === team.id && !player.lost))
    return { total: state.teams.length, winners: alive.map((team) => team.id) }
  }
  return { total: state.players.length, winners: state.players.filter((player) => !player.lost).map((player) => player.id) }
}

const compiled = new WeakMap<EraRules, Record<CheckId, boolean>>()

/** Which checks are in force in `rules`, as a plain object (read in the hot loop). */
function compile(rules: EraRules): Record<CheckId, boolean> {
  let flags = compiled.get(rules)
  if (!flags) {
    flags = {} as Record<CheckId, boolean>
    for (const check of checkCatalog) flags[check.id as CheckId] = rules.citation(check.id) !== null
    compiled.set(rules, flags)
  }
  return flags
}
