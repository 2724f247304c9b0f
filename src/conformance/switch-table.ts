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
    switch: 'starting-life-two-headed-giant',
    question: 'What shared life total does a Two-Headed Giant team start the game with?',
    ranges: [
      { from: '1999-04-23', value: null, rule: null, change: 'first edition', quote: 'No Two-Headed Giant rules before 2005-10-01.' },
      {
        from: '2005-10-01',
        value: 40,
        rule: '606.4a',
        change: 'Two-Headed Giant rules appear',
        quote: '606.4a: Each team has a shared life total, which starts at 40 life.'
      },
      {
        from: '2007-05-01',
        value: 30,
        rule: '101.3a',
        change: '30 life (Future Sight)',
        quote: '101.3a: In a Two-Headed Giant game, each team starts with a shared life total of 30 instead.'
      },
      {
        from: '2009-07-11',
        value: 30,
        rule: '103.3a',
        change: 'renumbered 103.3a',
        quote: '103.3a: In a Two-Headed Giant game, each team starts with a shared life total of 30 instead.'
      },
      {
        from: '2022-10-07',
        value: 30,
        rule: '103.4a',
        change: 'renumbered 103.4a',
        quote: '103.4a: In a Two-Headed Giant game, each team’s starting life total is 30.'
      }
    ]
  },
  {
    switch: 'mulligan',
    question:
      'How does a mulligan work: one fewer card (Paris), one fewer then a look at the top card (Vancouver), or a full hand with cards put on the bottom (London)?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'one-fewer',
        rule: '101.5',
        change: 'first edition',
        quote:
          '101.5: That player shuffles his or her hand back into the deck, then draws a new hand of six cards. He or she may repeat this process as many times as desired, drawing one fewer card each time.'
      },
      {
        from: '2003-07-01',
        value: 'one-fewer',
        rule: '101.4',
        change: 'renumbered 101.4',
        quote:
          '101.4: To take a mulligan, that player shuffles his or her hand back into the deck and then draws a new hand of six cards. He or she may repeat this process ..., drawing one fewer card each time.'
      },
      {
        from: '2009-07-11',
        value: 'one-fewer',
        rule: '103.4',
        change: 'renumbered 103.4',
        quote:
          '103.4: To take a mulligan, a player shuffles his or her hand back into his or her deck, then draws a new hand of one fewer cards than he or she had before.'
      },
      {
        from: '2015-09-26',
        value: 'scry',
        rule: '103.4',
        change: 'the Vancouver mulligan (Battle for Zendikar)',
        quote:
          '103.4: After all players have kept an opening hand, each player in turn order whose hand contains fewer cards than that player’s starting hand size may look at the top card of his or her library. If a player does, that player may put that card on the bottom of his or her library.'
      },
      {
        from: '2019-07-12',
        value: 'bottom',
        rule: '103.4',
        change: 'the London mulligan (Core Set 2020)',
        quote:
          '103.4: To take a mulligan, a player shuffles the cards in their hand back into their library, draws a new hand of cards equal to their starting hand size, then puts a number of those cards equal to the number of times that player has taken a mulligan on the bottom of their library in any order.'
      },
      {
        from: '2022-10-07',
        value: 'bottom',
        rule: '103.5',
        change: 'renumbered 103.5',
        quote:
          '103.5: ... draws a new hand of cards equal to their starting hand size, then puts a number of those cards equal to the number of times that player has taken a mulligan on the bottom of their library in any order.'
      }
    ]
  },
  {
    switch: 'multiplayer-free-mulligan',
    question: 'In a multiplayer game, is a player’s first mulligan free (a full hand again, or not counted)?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote: 'No rule makes a first mulligan free in multiplayer: 101.5 draws six cards, then one fewer each time.'
      },
      {
        from: '2007-07-13',
        value: true,
        rule: '101.4a',
        change: 'a free first mulligan in multiplayer',
        quote: '101.4a: In a multiplayer game, the first time a player takes a mulligan, he or she draws a new hand of seven cards rather than six cards.'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '103.4b',
        change: 'renumbered 103.4b',
        quote: '103.4b: In a multiplayer game, the first time a player takes a mulligan, he or she draws a new hand of seven cards rather than six cards.'
      },
      {
        from: '2013-07-13',
        value: true,
        rule: '103.4c',
        change: 'renumbered 103.4c',
        quote: '103.4c: In a multiplayer game, the first time a player takes a mulligan, he or she draws a new hand of as many cards as he or she had before.'
      },
      {
        from: '2022-10-07',
        value: true,
        rule: '103.5c',
        change: 'renumbered 103.5c',
        quote:
          '103.5c: In a multiplayer game and in any Brawl game, the first mulligan a player takes doesn’t count toward the number of cards that player will put on the bottom of their library or the number of mulligans that player may take.'
      }
    ]
  },
  {
    switch: 'damage-assignment-order',
    question: 'Does the attacking player announce a damage assignment order among the creatures blocking an attacker, and assign lethal damage in that order?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote:
          'No damage assignment order: a blocked creature assigns its combat damage “divided as its controller chooses” among its blockers (310.2c in 2009-05-01).'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '509.2',
        change: 'damage assignment order (Magic 2010)',
        quote:
          '509.2: for each attacking creature that’s become blocked by multiple creatures, the active player announces its damage assignment order among the blocking creatures. ... an attacking creature can’t assign combat damage to a creature that’s blocking it unless each creature ahead of that blocking creature in its order is assigned lethal damage.'
      },
      {
        from: '2024-11-08',
        value: false,
        rule: null,
        change: 'damage assignment order removed (Foundations)',
        quote: '510.1c: If two or more creatures are blocking it, it assigns its combat damage to those creatures divided as its controller chooses among them.'
      }
    ]
  },
  {
    switch: 'poison-threshold',
    question: 'How many poison counters make a player lose the game?',
    ranges: [
      {
        from: '1999-04-23',
        value: null,
        rule: null,
        change: 'first edition',
        quote: 'No poison rule in the editions of 1999: the glossary’s Counter (1999-11-01) only points to “Poison Counters”, which no rule defines.'
      },
      {
        from: '2001-07-23',
        value: 10,
        rule: '420.5h',
        change: 'appears as the state-based effect 420.5h (Apocalypse)',
        quote: '420.5h: A player with ten or more poison counters loses the game.'
      },
      {
        from: '2009-07-11',
        value: 10,
        rule: '704.5c',
        change: 'renumbered 704.5c',
        quote: '704.5c: If a player has ten or more poison counters, he or she loses the game.'
      },
      {
        from: '2011-04-01',
        value: 10,
        rule: '704.5c',
        change: 'not in Two-Headed Giant games, which count a team’s poison (704.5u)',
        quote:
          '704.5c: If a player has ten or more poison counters, he or she loses the game. Ignore this rule in Two-Headed Giant games; see rule 704.5u instead.'
      }
    ]
  },
  {
    switch: 'deathtouch-state-based',
    question: 'Is a creature dealt damage by a source with deathtouch destroyed as a state-based action?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote:
          'No such state-based action before Magic 2010: no deathtouch before Future Sight, then a triggered ability (502.63a: “Whenever this permanent deals damage to a creature, destroy that creature.”).'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '704.5h',
        change: 'a state-based action (Magic 2010)',
        quote:
          '704.5h: If a creature has been dealt damage by a source with deathtouch since the last time state-based actions were checked, that creature is destroyed. Regeneration can replace this event.'
      },
      {
        from: '2010-07-16',
        value: true,
        rule: '704.5h',
        change: 'only a creature with toughness greater than 0 (Magic 2011)',
        quote:
          "704.5h: If a creature has toughness greater than 0, and it's been dealt damage by a source with deathtouch since the last time state-based actions were checked, that creature is destroyed."
      }
    ]
  },
  {
    switch: 'counter-annihilation',
    question: 'Are +1/+1 and -1/-1 counters on one permanent removed in pairs as a state-based action?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote: 'No rule removes +1/+1 and -1/-1 counters in pairs before Time Spiral (2006-10-01).'
      },
      {
        from: '2006-10-01',
        value: true,
        rule: '420.5n',
        change: 'appears as 420.5n (Time Spiral)',
        quote:
          '420.5n: If a permanent has both a +1/+1 counter and a -1/-1 counter on it, N +1/+1 and N -1/-1 counters are removed from it, where N is the smaller of the number of +1/+1 and -1/-1 counters on it.'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '704.5r',
        change: 'renumbered 704.5r',
        quote: '704.5r: If a permanent has both a +1/+1 counter and a -1/-1 counter on it, N +1/+1 and N -1/-1 counters are removed from it, ...'
      },
      {
        from: '2017-09-29',
        value: true,
        rule: '704.5q',
        change: 'renumbered 704.5q',
        quote: '704.5q: If a permanent has both a +1/+1 counter and a -1/-1 counter on it, N +1/+1 and N -1/-1 counters are removed from it, ...'
      }
    ]
  },
  {
    switch: 'poison-threshold-two-headed-giant',
    question: 'How many poison counters make a Two-Headed Giant team lose the game?',
    ranges: [
      {
        from: '1999-04-23',
        value: null,
        rule: null,
        change: 'first edition',
        quote:
          'No team poison before 2011-04-01: the Two-Headed Giant rules (from 2005-10-01) have no poison rule of their own, so each player loses with ten (420.5h, 704.5c).'
      },
      {
        from: '2011-04-01',
        value: 15,
        rule: '704.5u',
        change: 'a team loses with fifteen poison counters',
        quote: '704.5u: In a Two-Headed Giant game, if a team has fifteen or more poison counters, that team loses the game.'
      },
      {
        from: '2017-09-29',
        value: 15,
        rule: '704.5t',
        change: 'renumbered 704.5t',
        quote: '704.5t: In a Two-Headed Giant game, if a team has fifteen or more poison counters, that team loses the game.'
      },
      {
        from: '2018-07-13',
        value: 15,
        rule: '704.5u',
        change: 'renumbered 704.5u',
        quote: '704.5u: In a Two-Headed Giant game, if a team has fifteen or more poison counters, that team loses the game.'
      },
      {
        from: '2020-07-03',
        value: 15,
        rule: '704.6b',
        change: 'renumbered 704.6b',
        quote: '704.6b: In a Two-Headed Giant game, if a team has fifteen or more poison counters, that team loses the game.'
      }
    ]
  },
  {
    switch: 'limited-range-world',
    question: 'With a limited range of influence, does the world rule apply only among permanents within the controller’s range?',
    ranges: [
      { from: '1999-04-23', value: false, rule: null, change: 'first edition', quote: 'No range of influence rule for the world rule before 2005-10-01.' },
      {
        from: '2005-10-01',
        value: true,
        rule: '601.13',
        change: 'range of influence limits the world rule',
        quote:
          '601.13: The “world rule” (see rule 420.5i) applies to a permanent only if other world permanents are within its controller’s range of influence.'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '801.13',
        change: 'renumbered 801.13',
        quote:
          '801.13: The "world rule" (see rule 704.5m) applies to a permanent only if other world permanents are within its controller\'s range of influence.'
      },
      {
        from: '2013-07-13',
        value: true,
        rule: '801.12',
        change: 'renumbered 801.12 (the legend rule’s 801.12 removed)',
        quote:
          '801.12: The "world rule" (see rule 704.5m) applies to a permanent only if other world permanents are within its controller\'s range of influence.'
      }
    ]
  },
  {
    switch: 'limited-range-aura',
    question: 'With a limited range of influence, can an Aura enchant only what is within its controller’s range?',
    ranges: [
      { from: '1999-04-23', value: false, rule: null, change: 'first edition', quote: 'No range of influence rule for Auras before 2005-10-01.' },
      {
        from: '2005-10-01',
        value: true,
        rule: '601.8',
        change: 'range of influence limits Auras',
        quote:
          '601.8: An Aura can’t enchant an object outside its controller’s range of influence. If an Aura is attached to an illegal permanent, the Aura is put into its owner’s graveyard as a state-based effect.'
      },
      {
        from: '2007-05-01',
        value: true,
        rule: '601.8',
        change: 'players too (Future Sight)',
        quote:
          "601.8: An Aura can't enchant an object or player outside its controller's range of influence. If an Aura is attached to an illegal object or player, the Aura is put into its owner's graveyard as a state-based effect."
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '801.8',
        change: 'renumbered 801.8',
        quote:
          "801.8: An Aura can't enchant an object or player outside its controller's range of influence. If an Aura is attached to an illegal object or player, the Aura is put into its owner's graveyard as a state-based action."
      }
    ]
  },
  {
    switch: 'win-overrides-cant-win',
    question: 'Does a player whose opponents have all left the game win even where an effect says that player can’t win?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote:
          "No rule overrides such effects before 2010-02-01: 104.2a (2009-09-04) says only “A player still in the game wins the game if all of that player's opponents have left the game.”"
      },
      {
        from: '2010-02-01',
        value: true,
        rule: '104.2a',
        change: 'winning this way overrides effects that would prevent it (Worldwake)',
        quote:
          "104.2a: A player still in the game wins the game if all of that player's opponents have left the game. This happens immediately and overrides all effects that would prevent that player from winning the game."
      },
      {
        from: '2017-09-29',
        value: true,
        rule: '104.2a',
        change: 'reworded: effects that would “preclude” winning, for “prevent” (Ixalan)',
        quote:
          '104.2a: A player still in the game wins the game if that player’s opponents have all left the game. This happens immediately and overrides all effects that would preclude that player from winning the game.'
      }
    ]
  },
  {
    switch: 'commander-damage',
    question: 'How much combat damage from one commander (general) makes a player lose a Commander (EDH) game?',
    ranges: [
      { from: '1999-04-23', value: null, rule: null, change: 'first edition', quote: 'No EDH or Commander rules before 2009-10-01.' },
      {
        from: '2009-10-01',
        value: 21,
        rule: '704.5u',
        change: 'EDH rules appear',
        quote: "704.5u: In an EDH game, a player that's been dealt 21 or more combat damage by the same general over the course of the game loses the game."
      },
      {
        from: '2011-02-04',
        value: 21,
        rule: '704.5u',
        change: 'EDH renamed Commander, the general a commander',
        quote:
          "704.5u: In a Commander game, a player that's been dealt 21 or more combat damage by the same commander over the course of the game loses the game."
      },
      {
        from: '2011-04-01',
        value: 21,
        rule: '704.5v',
        change: 'renumbered 704.5v',
        quote:
          "704.5v: In a Commander game, a player that's been dealt 21 or more combat damage by the same commander over the course of the game loses the game."
      },
      {
        from: '2017-09-29',
        value: 21,
        rule: '704.5u',
        change: 'renumbered 704.5u',
        quote:
          '704.5u: In a Commander game, a player that’s been dealt 21 or more combat damage by the same commander over the course of the game loses the game.'
      },
      {
        from: '2018-07-13',
        value: 21,
        rule: '704.5v',
        change: 'renumbered 704.5v',
        quote:
          '704.5v: In a Commander game, a player that’s been dealt 21 or more combat damage by the same commander over the course of the game loses the game.'
      },
      {
        from: '2020-07-03',
        value: 21,
        rule: '704.6c',
        change: 'renumbered 704.6c',
        quote:
          '704.6c: In a Commander game, a player that’s been dealt 21 or more combat damage by the same commander over the course of the game loses the game.'
      }
    ]
  },
  {
    switch: 'commander-zone-change',
    question: 'Does a commander put into a graveyard or exile go to the command zone by a replacement effect (instead), or afterwards as a state-based action?',
    ranges: [
      { from: '1999-04-23', value: null, rule: null, change: 'first edition', quote: 'No EDH or Commander rules before 2009-10-01.' },
      {
        from: '2009-10-01',
        value: 'replacement',
        rule: '903.10',
        change: 'EDH rules appear',
        quote:
          "903.10: If a general would be put into its owner's graveyard from anywhere, that player may put it into the command zone instead. (903.11: the same for the exile zone.)"
      },
      {
        from: '2011-02-04',
        value: 'replacement',
        rule: '903.11',
        change: 'renumbered 903.11 (the general a commander)',
        quote:
          "903.11: If a commander would be put into its owner's graveyard from anywhere, that player may put it into the command zone instead. (903.12: the same for the exile zone.)"
      },
      {
        from: '2015-07-17',
        value: 'replacement',
        rule: '903.11',
        change: 'one replacement for exile, hand, graveyard and library (Magic Origins)',
        quote:
          '903.11: If a commander would be exiled from anywhere or put into its owner’s hand, graveyard, or library from anywhere, its owner may put it into the command zone instead.'
      },
      {
        from: '2016-07-22',
        value: 'replacement',
        rule: '903.9',
        change: 'renumbered 903.9',
        quote:
          '903.9: If a commander would be exiled from anywhere or put into its owner’s hand, graveyard, or library from anywhere, its owner may put it into the command zone instead.'
      },
      {
        from: '2020-07-03',
        value: 'state-based',
        rule: '704.6d',
        change: 'from a graveyard or exile, a state-based action (Core Set 2021)',
        quote:
          '704.6d: In a Commander game, if a commander is in a graveyard or in exile and that card was put into that zone since the last time state-based actions were checked, its owner may put it into the command zone.'
      },
      {
        from: '2021-02-05',
        value: 'state-based',
        rule: '704.6d',
        change: 'reworded: “that object” for “that card” (Kaldheim)',
        quote:
          '704.6d: In a Commander game, if a commander is in a graveyard or in exile and that object was put into that zone since the last time state-based actions were checked, its owner may put it into the command zone.'
      }
    ]
  },
  {
    switch: 'commander-hand-library-replacement',
    question: 'May a commander that would be put into its owner’s hand or library go to the command zone instead?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote:
          'No such rule before 2015-07-17: from 2009-10-01 only a graveyard (903.10, then 903.11) or exile (903.11, then 903.12) sends a general or commander to the command zone instead.'
      },
      {
        from: '2015-07-17',
        value: true,
        rule: '903.11',
        change: 'hand and library too (Magic Origins)',
        quote:
          '903.11: If a commander would be exiled from anywhere or put into its owner’s hand, graveyard, or library from anywhere, its owner may put it into the command zone instead.'
      },
      {
        from: '2016-07-22',
        value: true,
        rule: '903.9',
        change: 'renumbered 903.9',
        quote:
          '903.9: If a commander would be exiled from anywhere or put into its owner’s hand, graveyard, or library from anywhere, its owner may put it into the command zone instead.'
      },
      {
        from: '2020-07-03',
        value: true,
        rule: '903.9b',
        change: 'renumbered 903.9b, for hand and library only (Core Set 2021)',
        quote: '903.9b: If a commander would be put into its owner’s hand or library from anywhere, its owner may put it into the command zone instead.'
      }
    ]
  },
  {
    switch: 'companion',
    question: 'Does the companion keyword exist (a card revealed from outside the game before it begins)?',
    ranges: [
      { from: '1999-04-23', value: false, rule: null, change: 'first edition', quote: 'No companion before Ikoria (2020-04-17).' },
      {
        from: '2020-04-17',
        value: true,
        rule: '702.138a',
        change: 'companion appears (Ikoria)',
        quote:
          '702.138a: Companion is a keyword ability that functions outside the game. ... If you do, once during that game, you may play that card from outside the game.'
      },
      {
        from: '2020-06-01',
        value: true,
        rule: '702.138a',
        change: 'pay {3} to put the companion into your hand (the companion change)',
        quote:
          '702.138a: ... Once during the game, any time you have priority and the stack is empty, but only during a main phase of your turn, you may pay {3} and put that card into your hand.'
      },
      {
        from: '2021-04-22',
        value: true,
        rule: '702.139a',
        change: 'renumbered 702.139a',
        quote: '702.139a: Companion is a keyword ability that functions outside the game. It’s written as “Companion—[Condition].”'
      }
    ]
  },
  {
    switch: 'day-night',
    question: 'Can the game be day or night (a designation of the game itself)?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote:
          'No day or night rule before the edition of 2021-11-19 (day and night came with Innistrad: Midnight Hunt, 2021; the edition of 2021-09-24 is not held).'
      },
      {
        from: '2021-11-19',
        value: true,
        rule: '724.1',
        change: 'day and night appear',
        quote: '724.1: Day and night are designations that the game itself can have. The game starts with neither designation.'
      },
      {
        from: '2022-06-10',
        value: true,
        rule: '725.1',
        change: 'renumbered 725.1',
        quote: '725.1: Day and night are designations that the game itself can have.'
      },
      {
        from: '2022-10-07',
        value: true,
        rule: '726.1',
        change: 'renumbered 726.1',
        quote: '726.1: Day and night are designations that the game itself can have.'
      },
      {
        from: '2022-11-18',
        value: true,
        rule: '727.1',
        change: 'renumbered 727.1',
        quote: '727.1: Day and night are designations that the game itself can have.'
      },
      {
        from: '2023-04-14',
        value: true,
        rule: '726.1',
        change: 'renumbered 726.1',
        quote: '726.1: Day and night are designations that the game itself can have.'
      },
      {
        from: '2024-02-02',
        value: true,
        rule: '727.1',
        change: 'renumbered 727.1',
        quote: '727.1: Day and night are designations that the game itself can have.'
      },
      {
        from: '2024-03-08',
        value: true,
        rule: '728.1',
        change: 'renumbered 728.1',
        quote: '728.1: Day and night are designations that the game itself can have.'
      },
      {
        from: '2025-04-04',
        value: true,
        rule: '729.1',
        change: 'renumbered 729.1',
        quote: '729.1: Day and night are designations that the game itself can have.'
      },
      {
        from: '2025-07-25',
        value: true,
        rule: '730.1',
        change: 'renumbered 730.1',
        quote: '730.1: Day and night are designations that the game itself can have.'
      }
    ]
  },
  {
    switch: 'monarch',
    question: 'Can a player be the monarch (a designation)?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote: 'No monarch rule before the edition of 2016-09-30 (the monarch came with Conspiracy: Take the Crown, 2016).'
      },
      {
        from: '2016-09-30',
        value: true,
        rule: '716.1',
        change: 'the monarch appears',
        quote: '716.1: The monarch is a designation a player can have. There is no monarch in a game until an effect instructs a player to become the monarch.'
      },
      { from: '2018-07-13', value: true, rule: '717.1', change: 'renumbered 717.1', quote: '717.1: The monarch is a designation a player can have.' },
      { from: '2019-10-04', value: true, rule: '718.1', change: 'renumbered 718.1', quote: '718.1: The monarch is a designation a player can have.' },
      { from: '2021-07-23', value: true, rule: '720.1', change: 'renumbered 720.1', quote: '720.1: The monarch is a designation a player can have.' },
      { from: '2022-10-07', value: true, rule: '721.1', change: 'renumbered 721.1', quote: '721.1: The monarch is a designation a player can have.' },
      { from: '2022-11-18', value: true, rule: '722.1', change: 'renumbered 722.1', quote: '722.1: The monarch is a designation a player can have.' },
      { from: '2023-04-14', value: true, rule: '721.1', change: 'renumbered 721.1', quote: '721.1: The monarch is a designation a player can have.' },
      { from: '2024-02-02', value: true, rule: '722.1', change: 'renumbered 722.1', quote: '722.1: The monarch is a designation a player can have.' },
      { from: '2025-04-04', value: true, rule: '723.1', change: 'renumbered 723.1', quote: '723.1: The monarch is a designation a player can have.' },
      { from: '2025-07-25', value: true, rule: '724.1', change: 'renumbered 724.1', quote: '724.1: The monarch is a designation a player can have.' }
    ]
  },
  {
    switch: 'initiative',
    question: 'Can a player have the initiative (a designation)?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote: 'No initiative before Commander Legends: Battle for Baldur’s Gate (2022-06-10).'
      },
      {
        from: '2022-06-10',
        value: true,
        rule: '721.1',
        change: 'the initiative appears',
        quote:
          '721.1: Initiative is a designation a player can have. There is no initiative in a game until an effect instructs a player to take the initiative.'
      },
      {
        from: '2022-10-07',
        value: true,
        rule: '722.1',
        change: 'renumbered 722.1',
        quote: '722.1: The initiative is a designation a player can have.'
      },
      { from: '2022-11-18', value: true, rule: '723.1', change: 'renumbered 723.1', quote: '723.1: The initiative is a designation a player can have.' },
      { from: '2023-04-14', value: true, rule: '722.1', change: 'renumbered 722.1', quote: '722.1: The initiative is a designation a player can have.' },
      { from: '2024-02-02', value: true, rule: '723.1', change: 'renumbered 723.1', quote: '723.1: The initiative is a designation a player can have.' },
      { from: '2025-04-04', value: true, rule: '724.1', change: 'renumbered 724.1', quote: '724.1: The initiative is a designation a player can have.' },
      { from: '2025-07-25', value: true, rule: '725.1', change: 'renumbered 725.1', quote: '725.1: The initiative is a designation a player can have.' }
    ]
  },
  {
    switch: 'speed',
    question: 'Can players have speed (start your engines!)?',
    ranges: [
      { from: '1999-04-23', value: false, rule: null, change: 'first edition', quote: 'No speed before Aetherdrift (2025-02-07).' },
      {
        from: '2025-02-07',
        value: true,
        rule: '702.179b',
        change: 'speed appears with start your engines! (Aetherdrift)',
        quote: '702.179b: Players do not have speed until a rule or effect sets their speed to a specific value.'
      }
    ]
  },
  {
    switch: 'legend-rule',
    question: 'What does the legend rule do with legendary permanents that share a name?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'earliest-timestamp',
        rule: '420.5e',
        change: 'first edition',
        quote:
          '420.5e: If two or more Legends or Legendary permanents with the same name are in play, all except the one with the earliest timestamp are put into in their owners’ graveyards.'
      },
      {
        from: '2001-07-23',
        value: 'longest',
        rule: '420.5e',
        change: 'the one legendary with that name the longest stays',
        quote: '420.5e: ... all except the one that has been a Legend or legendary permanent with that name the longest are put into their owners’ graveyards.'
      },
      {
        from: '2004-10-01',
        value: 'all',
        rule: '420.5e',
        change: 'all go (Champions of Kamigawa)',
        quote: '420.5e: If two or more permanents with the same name have the supertype legendary, all are put into their owners’ graveyards.'
      },
      {
        from: '2009-07-11',
        value: 'all',
        rule: '704.5k',
        change: 'renumbered 704.5k',
        quote: '704.5k: If two or more legendary permanents with the same name are on the battlefield, all are put into their owners’ graveyards.'
      },
      {
        from: '2013-07-13',
        value: 'controller-chooses',
        rule: '704.5k',
        change: 'per controller, who chooses one (Magic 2014)',
        quote:
          '704.5k: If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners’ graveyards.'
      },
      {
        from: '2017-09-29',
        value: 'controller-chooses',
        rule: '704.5j',
        change: 'renumbered 704.5j',
        quote:
          '704.5j: If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners’ graveyards.'
      }
    ]
  },
  {
    switch: 'legend-rule-scope',
    question: 'Does the legend rule look at every legendary permanent with the name, whoever controls it, or at each player’s own?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'battlefield',
        rule: '420.5e',
        change: 'first edition',
        quote: '420.5e: If two or more Legends or Legendary permanents with the same name are in play, ...'
      },
      {
        from: '2009-07-11',
        value: 'battlefield',
        rule: '704.5k',
        change: 'renumbered 704.5k',
        quote: '704.5k: If two or more legendary permanents with the same name are on the battlefield, ...'
      },
      {
        from: '2013-07-13',
        value: 'controller',
        rule: '704.5k',
        change: 'per controller (Magic 2014)',
        quote: '704.5k: If a player controls two or more legendary permanents with the same name, that player chooses one of them, ...'
      },
      {
        from: '2017-09-29',
        value: 'controller',
        rule: '704.5j',
        change: 'renumbered 704.5j',
        quote: '704.5j: If a player controls two or more legendary permanents with the same name, that player chooses one of them, ...'
      }
    ]
  },
  {
    switch: 'legend-rule-tie',
    question: 'When legendary permanents with one name tie for the one that stays, do all go?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'all-go',
        rule: '420.5e',
        change: 'first edition',
        quote: '420.5e: In the event of a tie for earliest timestamp, each Legend with the same name is put into its owner’s graveyard.'
      },
      {
        from: '2004-10-01',
        value: 'none',
        rule: '420.5e',
        change: 'no one stays, so no tie (Champions of Kamigawa)',
        quote: '420.5e: ... all are put into their owners’ graveyards (nothing stays, so no tie is broken; from 2013 the controller chooses).'
      },
      {
        from: '2009-07-11',
        value: 'none',
        rule: '704.5k',
        change: 'renumbered 704.5k',
        quote: '704.5k: ... all are put into their owners’ graveyards (from 2013-07-13: that player chooses one of them); no tie to break.'
      },
      {
        from: '2017-09-29',
        value: 'none',
        rule: '704.5j',
        change: 'renumbered 704.5j',
        quote: '704.5j: ... that player chooses one of them, and the rest are put into their owners’ graveyards; no tie to break.'
      }
    ]
  },
  {
    switch: 'limited-range-legend',
    question: 'With a limited range of influence, does the legend rule apply only among permanents within the controller’s range?',
    ranges: [
      { from: '1999-04-23', value: false, rule: null, change: 'first edition', quote: 'No range of influence rule for the legend rule before 2005-10-01.' },
      {
        from: '2005-10-01',
        value: true,
        rule: '601.12',
        change: 'range of influence limits the legend rule',
        quote:
          '601.12: The “legend rule” (see rule 420.5e) applies to a permanent only if other legendary permanents with the same name are within its controller’s range of influence.'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '801.12',
        change: 'renumbered 801.12',
        quote:
          '801.12: The "legend rule" (see rule 704.5k) applies to a permanent only if other legendary permanents with the same name are within its controller\'s range of influence.'
      },
      {
        from: '2013-07-13',
        value: false,
        rule: null,
        change: 'gone with the per-controller legend rule (Magic 2014)',
        quote: 'No such rule: the legend rule looks at one player’s permanents (704.5k), and 801.12 speaks of the world rule only.'
      }
    ]
  },
  {
    switch: 'planeswalker-uniqueness',
    question: 'What does the planeswalker uniqueness rule do with planeswalkers that share a planeswalker type?',
    ranges: [
      { from: '1999-04-23', value: null, rule: null, change: 'first edition', quote: 'No planeswalkers before Lorwyn (2007-10-01).' },
      {
        from: '2007-10-01',
        value: 'subtype-all',
        rule: '420.5q',
        change: 'appears as 420.5q (Lorwyn)',
        quote: "420.5q: If two or more planeswalkers that share a planeswalker type are in play, all are put into their owners' graveyards."
      },
      {
        from: '2009-07-11',
        value: 'subtype-all',
        rule: '704.5j',
        change: 'renumbered 704.5j',
        quote: "704.5j: If two or more planeswalkers that share a planeswalker type are on the battlefield, all are put into their owners' graveyards."
      },
      {
        from: '2013-07-13',
        value: 'subtype-controller',
        rule: '704.5j',
        change: 'per controller, who chooses one (Magic 2014)',
        quote:
          "704.5j: If a player controls two or more planeswalkers that share a planeswalker type, that player chooses one of them, and the rest are put into their owners' graveyards."
      },
      {
        from: '2017-09-29',
        value: null,
        rule: null,
        change: 'removed (Ixalan): legendary planeswalkers fall under the legend rule',
        quote: 'No planeswalker uniqueness rule from 2017-09-29: the legend rule (704.5j) covers legendary planeswalkers.'
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
  },
  {
    switch: 'starting-hand-size',
    question: 'How many cards does each player draw for their starting hand?',
    ranges: [
      {
        from: '1999-04-23',
        value: 7,
        rule: '101.3',
        change: 'first edition',
        quote: '101.3: Once the starting player has been determined, each player sets his or her life total to 20 and draws a hand of seven cards.'
      },
      {
        from: '2009-07-11',
        value: 7,
        rule: '103.3',
        change: 'renumbered 103.3',
        quote: '103.3: Once the starting player has been determined, each player sets his or her life total to 20 and draws a hand of seven cards.'
      },
      {
        from: '2013-07-13',
        value: 7,
        rule: '103.4',
        change: 'a starting hand size, normally seven, in the mulligan rule 103.4 (Magic 2014)',
        quote: '103.4: Each player draws a number of cards equal to his or her starting hand size, which is normally seven.'
      },
      {
        from: '2022-10-07',
        value: 7,
        rule: '103.5',
        change: 'renumbered 103.5',
        quote: '103.5: Each player draws a number of cards equal to their starting hand size, which is normally seven.'
      }
    ]
  },
  {
    switch: 'first-player-skips-draw',
    question: 'Does the player who plays first skip the draw step of their first turn (in a two-player game)?',
    ranges: [
      {
        from: '1999-04-23',
        value: true,
        rule: '101.4',
        change: 'first edition',
        quote: '101.4: The player who plays first skips the draw step (see rule 304, "Draw Step") of his or her first turn.'
      },
      {
        from: '2003-07-01',
        value: true,
        rule: '101.5',
        change: 'renumbered 101.5',
        quote: '101.5: ... The player who plays first skips the draw step (see rule 304, "Draw Step") of his or her first turn.'
      },
      {
        from: '2005-10-01',
        value: true,
        rule: '101.5a',
        change: 'in a two-player game only (Ravnica multiplayer rules), 101.5a',
        quote: '101.5a: In a two-player game, the player who plays first skips the draw step (see rule 304, “Draw Step”) of his or her first turn.'
      },
      {
        from: '2007-07-13',
        value: true,
        rule: '101.6a',
        change: 'renumbered 101.6a',
        quote: '101.6a: In a two-player game, the player who plays first skips the draw step (see rule 304, "Draw Step") of his or her first turn.'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '103.6a',
        change: 'renumbered 103.6a',
        quote: '103.6a: In a two-player game, the player who plays first skips the draw step (see rule 504, "Draw Step") of his or her first turn.'
      },
      {
        from: '2009-09-04',
        value: true,
        rule: '103.7a',
        change: 'renumbered 103.7a',
        quote: '103.7a: In a two-player game, the player who plays first skips the draw step (see rule 504, "Draw Step") of his or her first turn.'
      },
      {
        from: '2022-10-07',
        value: true,
        rule: '103.8a',
        change: 'renumbered 103.8a',
        quote: '103.8a: In a two-player game, the player who plays first skips the draw step (see rule 504, “Draw Step”) of their first turn.'
      }
    ]
  },
  {
    switch: 'maximum-hand-size',
    question: 'What hand size does a player discard down to in their cleanup step?',
    ranges: [
      {
        from: '1999-04-23',
        value: 7,
        rule: '217.3b',
        change: 'first edition',
        quote:
          '217.3b: Each player has a maximum hand size, which is normally seven cards. A player may have any number of cards in his or her hand but as part of his or her clean-up step must discard excess cards down to the maximum hand size.'
      },
      {
        from: '2009-07-11',
        value: 7,
        rule: '402.2',
        change: 'renumbered 402.2',
        quote:
          '402.2: Each player has a maximum hand size, which is normally seven cards. ... as part of his or her cleanup step, the player must discard excess cards down to the maximum hand size.'
      }
    ]
  },
  {
    switch: 'attackable',
    question: 'What can be attacked: players only, players and planeswalkers, or players, planeswalkers and battles?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'players',
        rule: null,
        change: 'first edition',
        quote:
          'No rule says what can be attacked before 2003-07-01: only the defending player is, as in 310.1b: “An unblocked creature will deal all its combat damage to the defending player.”'
      },
      {
        from: '2003-07-01',
        value: 'players',
        rule: '306.3',
        change: '306.3 names the player being attacked (Eighth Edition)',
        quote:
          '306.3: During the combat phase, the active player is attacking and is the attacking player. The nonactive player is being attacked and is the defending player.'
      },
      {
        from: '2005-10-01',
        value: 'players',
        rule: '306.3',
        change: 'the active player chooses the opponent being attacked (Ravnica multiplayer rules)',
        quote:
          '306.3: ... As the combat phase starts, the active player chooses one of his or her opponents. The chosen opponent is being attacked and is the defending player.'
      },
      {
        from: '2007-10-01',
        value: 'players-planeswalkers',
        rule: '306.3',
        change: 'planeswalkers can be attacked (Lorwyn)',
        quote: '306.3: Only a creature can attack or block. Only a player or a planeswalker can be attacked.'
      },
      {
        from: '2009-07-11',
        value: 'players-planeswalkers',
        rule: '506.3',
        change: 'renumbered 506.3',
        quote: '506.3: Only a creature can attack or block. Only a player or a planeswalker can be attacked.'
      },
      {
        from: '2023-04-14',
        value: 'players-planeswalkers-battles',
        rule: '506.3',
        change: 'battles can be attacked (March of the Machine)',
        quote: '506.3: Only a creature can attack or block. Only a player, a planeswalker, or a battle can be attacked.'
      }
    ]
  },
  {
    switch: 'battles-attackable',
    question: 'Are there battles that can be attacked?',
    ranges: [
      { from: '1999-04-23', value: false, rule: null, change: 'first edition', quote: 'No battles before March of the Machine (2023-04-14).' },
      {
        from: '2023-04-14',
        value: true,
        rule: '310.5',
        change: 'battles appear (March of the Machine)',
        quote: '310.5: Battles can be attacked. (See rule 508, “Declare Attackers Step.”)'
      }
    ]
  },
  {
    switch: 'planeswalker-damage-redirection',
    question: 'May noncombat damage that a source would deal to a player be redirected to a planeswalker that player controls?',
    ranges: [
      { from: '1999-04-23', value: false, rule: null, change: 'first edition', quote: 'No planeswalkers before Lorwyn (2007-10-01).' },
      {
        from: '2007-10-01',
        value: true,
        rule: '212.9g',
        change: 'the redirection rule appears (Lorwyn)',
        quote:
          '212.9g: If noncombat damage would be dealt to a player by a source controlled by an opponent, that opponent may have that source deal that damage to a planeswalker the first player controls instead.'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '306.8',
        change: 'renumbered 306.8',
        quote:
          '306.8: If noncombat damage would be dealt to a player by a source controlled by an opponent, that opponent may have that source deal that damage to a planeswalker the first player controls instead.'
      },
      {
        from: '2009-10-01',
        value: true,
        rule: '306.7',
        change: 'renumbered 306.7',
        quote:
          '306.7: If noncombat damage would be dealt to a player by a source controlled by an opponent, that opponent may have that source deal that damage to a planeswalker the first player controls instead.'
      },
      {
        from: '2018-07-13',
        value: false,
        rule: null,
        change: 'the redirection rule removed (Dominaria, 2018-04-27; the first stored edition after it is 2018-07-13)',
        quote:
          '306.7 only records its removal: “Previously, planeswalkers were subject to a redirection effect ... This rule has been removed and certain cards have received errata in the Oracle card reference to deal damage directly to planeswalkers.”'
      }
    ]
  },
  {
    switch: 'lifelink',
    question: 'Is lifelink a triggered ability (gain that much life whenever it deals damage) or a static one?',
    ranges: [
      { from: '1999-04-23', value: null, rule: null, change: 'first edition', quote: 'No lifelink before Future Sight (2007-05-01).' },
      {
        from: '2007-05-01',
        value: 'triggered',
        rule: '502.68a',
        change: 'lifelink appears (Future Sight)',
        quote: '502.68a: Lifelink is a triggered ability. "Lifelink" means "Whenever this permanent deals damage, you gain that much life."'
      },
      {
        from: '2009-07-11',
        value: 'static',
        rule: '702.13a',
        change: 'a static ability (Magic 2010)',
        quote:
          "702.13a: Lifelink is a static ability. Damage dealt by a source with lifelink causes that source's controller, or its owner if it has no controller, to gain that much life (in addition to any other results that damage causes)."
      },
      { from: '2011-06-17', value: 'static', rule: '702.14a', change: 'renumbered 702.14a', quote: '702.14a: Lifelink is a static ability.' },
      { from: '2013-07-13', value: 'static', rule: '702.15a', change: 'renumbered 702.15a', quote: '702.15a: Lifelink is a static ability.' }
    ]
  },
  {
    switch: 'indestructible-keyword',
    question: 'Is indestructible a keyword ability?',
    ranges: [
      {
        from: '1999-04-23',
        value: false,
        rule: null,
        change: 'first edition',
        quote:
          'No indestructible keyword before 2013-07-13: 700.4a (2009-07-11 to 2013-05-01): “Although the text "[This permanent] is indestructible" is an ability, actually being indestructible is neither an ability nor a characteristic.”'
      },
      {
        from: '2013-07-13',
        value: true,
        rule: '702.12a',
        change: 'indestructible becomes a keyword ability (Magic 2014)',
        quote: '702.12a: Indestructible is a static ability.'
      }
    ]
  },
  {
    switch: 'regeneration-shields',
    question: 'Does regeneration replace a destruction (tap it, remove its damage, remove it from combat instead)?',
    ranges: [
      {
        from: '1999-04-23',
        value: true,
        rule: '419.6b',
        change: 'first edition',
        quote:
          '419.6b: Regeneration is a damage-replacement effect. ... "Regenerate <permanent>" means "Instead of destroying <permanent>, remove all damage from it, tap it, and (if it\'s in combat) remove it from combat."'
      },
      {
        from: '1999-11-01',
        value: true,
        rule: '419.6b',
        change: 'a destruction-replacement effect, the next time it would be destroyed this turn (a shield)',
        quote:
          '419.6b: Regeneration is a destruction-replacement effect. ... "Regenerate [permanent]" means "The next time [permanent] would be destroyed this turn, instead remove all damage from it, tap it, and (if it\'s in combat) remove it from combat."'
      },
      {
        from: '2009-07-11',
        value: true,
        rule: '613.8',
        change: 'renumbered 613.8',
        quote:
          '613.8: Regeneration is a destruction-replacement effect. ... "Regenerate [permanent]" means "The next time [permanent] would be destroyed this turn, instead remove all damage marked on it and tap it. If it\'s an attacking or blocking creature, remove it from combat."'
      },
      {
        from: '2009-10-01',
        value: true,
        rule: '614.8',
        change: 'renumbered 614.8',
        quote:
          '614.8: Regeneration is a destruction-replacement effect. ... "Regenerate [permanent]" means "The next time [permanent] would be destroyed this turn, instead remove all damage marked on it and tap it. If it\'s an attacking or blocking creature, remove it from combat."'
      }
    ]
  },
  {
    switch: 'battlefield-name',
    question: 'What is the zone of permanents called: in play, or the battlefield?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'in play',
        rule: '217.1',
        change: 'first edition',
        quote: '217.1: ... There are six basic zones: library, hand, graveyard, in play, stack, and removed from the game.'
      },
      {
        from: '2009-07-11',
        value: 'battlefield',
        rule: '400.1',
        change: 'in play becomes the battlefield (Magic 2010)',
        quote: '400.1: ... There are normally six zones: library, hand, battlefield, graveyard, stack, and exile.'
      }
    ]
  },
  {
    switch: 'exile-name',
    question: 'What is the zone of objects removed from the game called: removed from the game, or exile?',
    ranges: [
      {
        from: '1999-04-23',
        value: 'removed from the game',
        rule: '217.1',
        change: 'first edition',
        quote: '217.1: ... There are six basic zones: library, hand, graveyard, in play, stack, and removed from the game.'
      },
      {
        from: '2009-07-11',
        value: 'exile',
        rule: '400.1',
        change: 'removed from the game becomes exile (Magic 2010)',
        quote: '400.1: ... There are normally six zones: library, hand, battlefield, graveyard, stack, and exile.'
      }
    ]
  }
]
