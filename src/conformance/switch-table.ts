/**
 * The switch expectations of the conformance suite: era switches beyond the
 * state-based actions whose timing engines get wrong, written by hand from the
 * rules (`crdb get NUMBER --edition DATE`), never from crdb's era profile: nothing
 * here imports `src/engine/profile.ts` or the engine's semantics. Values use the
 * words of the era profile (`crdb era --profile`), the protocol's vocabulary.
 *
 * Each range holds from its first edition until the next range's; `rule` is the
 * number of the rule that decides the value in that range (`null`: no rule says
 * it any more, so an engine's citation is not judged).
 */

/** A switch's value in a range of editions. */
interface SwitchRange {
  from: string
  value: string | number | boolean | null
  rule: string | null
  /** A short quote of the rule, or why the value holds. */
  quote: string
  /** What changed at `from`, in words (for the case's boundary). */
  change: string
}

/** One switch of the table. */
export interface SwitchEntry {
  switch: string
  /** What the switch decides, in words (for the case's description). */
  question: string
  ranges: SwitchRange[]
}

/** The table: a few switches, each read from its rule at every change. */
export const switchTable: readonly SwitchEntry[] = [
  {
    switch: 'mana-burn',
    question: 'Does a player lose life for unused mana when it empties from their pool (mana burn)?',
    ranges: [
      {
        from: '1999-04-23',
        value: true,
        rule: '300.4',
        change: 'first edition',
        quote:
          '300.4: When a phase ends (but not a step), any unused mana left in a player’s mana pool is lost. That player loses 1 life for each one mana lost this way. This is called mana burn.'
      },
      {
        from: '2003-07-01',
        value: true,
        rule: '300.3',
        change: 'renumbered 300.3',
        quote: '300.3: ... That player loses 1 life for each one mana lost this way. This is called mana burn.'
      },
      {
        from: '2009-07-11',
        value: false,
        rule: null,
        change: 'mana burn removed (Magic 2010)',
        quote: 'No rule makes a player lose life for unused mana: 500.4 only says “any unused mana left in a player’s mana pool is lost”.'
      }
    ]
  },
  {
    switch: 'mana-empties',
    question: 'When does unused mana empty from a mana pool: at the end of each phase only, or of each step and phase?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'phase',
        rule: '300.4',
        change: 'first edition',
        quote: '300.4: When a phase ends (but not a step), any unused mana left in a player’s mana pool is lost.'
      },
      {
        from: '2003-07-01',
        value: 'phase',
        rule: '300.3',
        change: 'renumbered 300.3',
        quote: '300.3: When a phase ends (but not a step), any unused mana left in a player’s mana pool is lost.'
      },
      {
        from: '2009-07-11',
        value: 'step',
        rule: '500.4',
        change: 'empties at the end of each step and phase (Magic 2010)',
        quote: '500.4: When a step or phase ends, any unused mana left in a player’s mana pool is lost.'
      },
      {
        from: '2025-11-14',
        value: 'step',
        rule: '500.5',
        change: 'renumbered 500.5',
        quote: '500.5: As a step or phase ends, ... any unspent mana left in a player’s mana pool empties.'
      }
    ]
  },
  {
    switch: 'combat-damage-on-stack',
    question: 'Does combat damage use the stack (assigned, then dealt when it resolves)?',
    ranges: [
      {
        from: '1999-04-23',
        value: true,
        rule: '310.2',
        change: 'first edition',
        quote: '310.2: All announcements of combat damage go on the stack as a single entry. Then the active player receives priority.'
      },
      {
        from: '2003-07-01',
        value: true,
        rule: '310.1',
        change: 'renumbered 310.1',
        quote: '310.1: ... All assignments of combat damage go on the stack as a single object.'
      },
      {
        from: '2009-07-11',
        value: false,
        rule: null,
        change: 'combat damage no longer uses the stack (Magic 2010)',
        quote: '510.1: the players announce how each creature assigns its combat damage; “This turn-based action doesn’t use the stack.”'
      }
    ]
  },
  {
    switch: 'starting-life',
    question: 'What life total does each player start a two-player game with?',
    ranges: [
      {
        from: '1999-04-23',
        value: 20,
        rule: '101.3',
        change: 'first edition',
        quote: '101.3: ... each player sets his or her life total to 20 and draws a hand of seven cards.'
      },
      {
        from: '2009-07-11',
        value: 20,
        rule: '103.3',
        change: 'renumbered 103.3',
        quote: '103.3: ... each player sets his or her life total to 20 and draws a hand of seven cards.'
      },
      {
        from: '2022-10-07',
        value: 20,
        rule: '103.4',
        change: 'renumbered 103.4',
        quote: '103.4: Each player begins the game with a starting life total of 20.'
      }
    ]
  },
  {
    switch: 'starting-life-commander',
    question: 'What life total does each player start a Commander (EDH) game with?',
    ranges: [
      { from: '1999-04-23', value: null, rule: null, change: 'first edition', quote: 'No EDH or Commander rules before 2009-10-01.' },
      {
        from: '2009-10-01',
        value: 40,
        rule: '103.3c',
        change: 'EDH rules appear',
        quote: '103.3c: In an EDH game, each player sets his or her life total to 40.'
      },
      {
        from: '2022-10-07',
        value: 40,
        rule: '103.4c',
        change: 'renumbered 103.4c',
        quote: '103.4c: In a Commander game, each player’s starting life total is 40.'
      }
    ]
  },
  {
    switch: 'deathtouch',
    question: 'Is deathtouch a triggered ability (destroy the creature it damaged) or a static one?',
    ranges: [
      { from: '1999-04-23', value: null, rule: null, change: 'first edition', quote: 'No deathtouch before Future Sight (2007-05-01).' },
      {
        from: '2007-05-01',
        value: 'triggered',
        rule: '502.63a',
        change: 'deathtouch appears (Future Sight)',
        quote: '502.63a: Deathtouch is a triggered ability. “Deathtouch” means “Whenever this permanent deals damage to a creature, destroy that creature.”'
      },
      { from: '2009-07-11', value: 'static', rule: '702.2a', change: 'a static ability (Magic 2010)', quote: '702.2a: Deathtouch is a static ability.' }
    ]
  }
]
