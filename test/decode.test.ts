/**
 * decodeSource: bytes -> NFC text with `\n` line ends, the detected encoding,
 * and messages. The bytes of every case are generated here from a known
 * string (iconv-lite encodes it), so each case states its input beside the
 * exact text and encoding expected back.
 */
import { createHash } from 'node:crypto'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { decodeSource, type Encoding, type LineEnding } from '../ingest/decode.js'
import { CrdbError } from '../src/vocabulary/errors.js'

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8')
const bytesOf = (...parts: (number[] | Buffer)[]): Buffer => Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(part))))

/** Decode, and check what holds for every decoded text. */
function decode(bytes: Uint8Array, name = 'test/input.txt') {
  const decoded = decodeSource(bytes, name)
  expect(decoded.text).not.toMatch(/[\r\ufeff\ufffd]/)
  expect(decoded.text).toBe(decoded.text.normalize('NFC'))
  expect(decoded.bytes).toBe(bytes.length)
  return decoded
}

/** Run `action` and return the CrdbError it throws. */
function thrownBy(action: () => unknown): CrdbError {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(CrdbError)
    return error as CrdbError
  }
  throw new Error('expected a CrdbError, nothing was thrown')
}

interface EncodingCase {
  name: string
  bytes: Buffer
  text: string
  encoding: Encoding
}

const english = 'These rules are effective as of November 8, 2024.\nDandân’s “legend rule” — Magic: The Gathering®\n'
const ascii = 'These rules are effective as of November 8, 2024.\nEach player’s deck becomes his or her library.\n'
const windows1252 = 'Magic: The Gathering® player’s “legend rule” — Dandân\nWizards of the Coast™ ©1993–2003\n'
const macRoman = 'Magic: The Gathering™ rules 212–215 and Æther Flash\nSee rules 409.1a–409.1f.\n'
const cp437 = 'Dandân and Junún are cards from Arabian Nights.\n'

const encodingCases: EncodingCase[] = [
  { name: 'UTF-8 without BOM', bytes: utf8(english), text: english, encoding: 'utf-8' },
  { name: 'UTF-8 with BOM', bytes: bytesOf([0xef, 0xbb, 0xbf], utf8(english)), text: english, encoding: 'utf-8-bom' },
  { name: 'UTF-16 LE with BOM', bytes: bytesOf([0xff, 0xfe], iconv.encode(english, 'utf16le')), text: english, encoding: 'utf-16le' },
  { name: 'UTF-16 BE with BOM', bytes: bytesOf([0xfe, 0xff], iconv.encode(english, 'utf16be')), text: english, encoding: 'utf-16be' },
  { name: 'UTF-16 LE without BOM (ASCII-heavy)', bytes: iconv.encode(ascii, 'utf16le'), text: ascii, encoding: 'utf-16le' },
  { name: 'UTF-16 BE without BOM (ASCII-heavy)', bytes: iconv.encode(ascii, 'utf16be'), text: ascii, encoding: 'utf-16be' },
  { name: 'Windows-1252 (curly quotes, dashes, ™ ® ©)', bytes: iconv.encode(windows1252, 'windows1252'), text: windows1252, encoding: 'windows-1252' },
  { name: 'Mac Roman (™ 0xAA, – 0xD0, Æ 0xAE)', bytes: iconv.encode(macRoman, 'macintosh'), text: macRoman, encoding: 'macintosh' },
  { name: 'code page 437 (â 0x83, ú 0xA3)', bytes: iconv.encode(cp437, 'cp437'), text: cp437, encoding: 'cp437' }
]

describe('decodeSource', () => {
  describe('encodings', () => {
    it('the generated single-byte inputs hold the bytes the cases are about', () => {
      const mac = iconv.encode(macRoman, 'macintosh')
      expect([...mac]).toEqual(expect.arrayContaining([0xaa, 0xd0, 0xae]))
      expect([...iconv.encode(cp437, 'cp437')].slice(0, 6)).toEqual([...Buffer.from('Dand'), 0x83, 0x6e])
      expect([...iconv.encode(windows1252, 'windows1252')]).toEqual(expect.arrayContaining([0x92, 0x93, 0x94, 0x97, 0x99, 0xae, 0xa9]))
    })

    for (const testCase of encodingCases) {
      it(`${testCase.name} -> ${testCase.encoding}`, () => {
        const decoded = decode(testCase.bytes)
        expect(decoded.text).toBe(testCase.text)
        expect(decoded.encoding).toBe(testCase.encoding)
        expect(decoded.lineEnding).toBe('lf')
        expect(decoded.messages).toEqual([])
      })
    }

    it('code page 437 without a line end: "Dand\\x83n" -> "Dandân"', () => {
      const decoded = decode(bytesOf(Buffer.from('Dand'), [0x83], Buffer.from('n')))
      expect(decoded.text).toBe('Dandân')
      expect(decoded.encoding).toBe('cp437')
    })

    it('code page 437: "Jun\\xa3n" -> "Junún"', () => {
      const decoded = decode(bytesOf(Buffer.from('Dand'), [0x83], Buffer.from('n and Jun'), [0xa3], Buffer.from('n\n')))
      expect(decoded.text).toBe('Dandân and Junún\n')
      expect(decoded.encoding).toBe('cp437')
    })
  })

  describe('line ends', () => {
    const cases: { name: string; input: string; text: string; lineEnding: LineEnding }[] = [
      { name: 'CR', input: '100. General\r100.1. Text\r100.1a More\r', text: '100. General\n100.1. Text\n100.1a More\n', lineEnding: 'cr' },
      { name: 'CRLF', input: '100. General\r\n100.1. Text\r\n100.1a More\r\n', text: '100. General\n100.1. Text\n100.1a More\n', lineEnding: 'crlf' },
      { name: 'LF', input: '100. General\n100.1. Text\n100.1a More\n', text: '100. General\n100.1. Text\n100.1a More\n', lineEnding: 'lf' },
      {
        name: 'mixed',
        input: '100. General\r\n100.1. Text\n100.1a More\r100.1b Last\r\n',
        text: '100. General\n100.1. Text\n100.1a More\n100.1b Last\n',
        lineEnding: 'mixed'
      },
      { name: 'CR CR (blank line)', input: 'one\r\rtwo\r', text: 'one\n\ntwo\n', lineEnding: 'cr' }
    ]
    for (const testCase of cases) {
      it(`${testCase.name} -> ${testCase.lineEnding}`, () => {
        const decoded = decode(utf8(testCase.input))
        expect(decoded.text).toBe(testCase.text)
        expect(decoded.lineEnding).toBe(testCase.lineEnding)
      })
    }

    it('CRLF in Windows-1252 and UTF-16 too', () => {
      const text = 'Dandân’s rule\r\nthe “legend rule”\r\n'
      for (const bytes of [iconv.encode(text, 'windows1252'), bytesOf([0xff, 0xfe], iconv.encode(text, 'utf16le'))]) {
        const decoded = decode(bytes)
        expect(decoded.text).toBe('Dandân’s rule\nthe “legend rule”\n')
        expect(decoded.lineEnding).toBe('crlf')
      }
    })
  })

  describe('Unicode normalization', () => {
    it('a decomposed "e\\u0301" comes out as "é" (NFC)', () => {
      const decoded = decode(utf8('Cafe\u0301 and Danda\u0302n\n'))
      expect(decoded.text).toBe('Café and Dandân\n')
      expect(decoded.text).not.toContain('\u0301')
      expect(decoded.text.includes('\u00e9')).toBe(true)
    })
  })

  describe('replacement characters', () => {
    it('U+FFFD in valid UTF-8 is restored from its context, with a warning at its line', () => {
      const input = 'These rules are effective as of November 8, 2024.\nit\ufffds a rule\nSee rules 212\ufffd215.\nCreature \ufffd Goblin\n'
      const decoded = decode(utf8(input))
      expect(decoded.text).toBe('These rules are effective as of November 8, 2024.\nit’s a rule\nSee rules 212–215.\nCreature — Goblin\n')
      expect(decoded.encoding).toBe('utf-8')
      expect(decoded.messages.map(({ line, code, severity }) => ({ line, code, severity }))).toEqual([
        { line: 2, code: 'replacement-character', severity: 'warning' },
        { line: 3, code: 'replacement-character', severity: 'warning' },
        { line: 4, code: 'replacement-character', severity: 'warning' }
      ])
    })

    for (const [input, output] of [
      ['it\ufffds', 'it’s'],
      ['rules 212\ufffd215', 'rules 212–215'],
      ['Creature \ufffd Goblin', 'Creature — Goblin']
    ]) {
      it(`${JSON.stringify(input)} -> ${JSON.stringify(output)}`, () => {
        const decoded = decode(utf8(input))
        expect(decoded.text).toBe(output)
        expect(decoded.messages).toHaveLength(1)
        expect(decoded.messages[0]).toMatchObject({ line: 1, code: 'replacement-character', severity: 'warning' })
      })
    }

    it('line numbers count lines after CRLF was unified', () => {
      const decoded = decode(utf8('one\r\ntwo\r\nit\ufffds\r\n'))
      expect(decoded.text).toBe('one\ntwo\nit’s\n')
      expect(decoded.messages.map((message) => message.line)).toEqual([3])
    })
  })

  describe("restoring U+FFFD by the edition's own conventions (issue 13)", () => {
    const restore = (text: string): string => decode(utf8(text)).text

    it('number ranges take the dash the edition prints its undamaged ranges with', () => {
      expect(restore('See rules 212—215.\nSee rules 300\ufffd310.\n')).toBe('See rules 212—215.\nSee rules 300—310.\n')
      expect(restore('See rules 212–215.\nSee rules 300\ufffd310.\n')).toBe('See rules 212–215.\nSee rules 300–310.\n')
      expect(restore('See rules 300\ufffd310 and 409.1b\ufffdi.\n')).toBe('See rules 300–310 and 409.1b–i.\n')
    })

    it('type lines take the dash the edition prints its undamaged type lines with', () => {
      expect(restore('"Creature – Elf" is a type line.\n"Creature \ufffd Goblin" is another.\n')).toBe(
        '"Creature – Elf" is a type line.\n"Creature – Goblin" is another.\n'
      )
      expect(restore('"Creature — Elf" is a type line.\n"Basic Land \ufffd Mountain" is another.\n')).toBe(
        '"Creature — Elf" is a type line.\n"Basic Land — Mountain" is another.\n'
      )
      // No evidence in the edition: as the nearest whole edition prints them.
      expect(restore('Example: "Basic Land \ufffd Mountain"\n')).toBe('Example: "Basic Land – Mountain"\n')
    })

    it('a trademark is the mark the same word carries elsewhere in the edition', () => {
      expect(restore('An Unglued® card.\nEven an Unglued\ufffd card.\n')).toBe('An Unglued® card.\nEven an Unglued® card.\n')
      expect(restore('Magic™ rules.\nA beginning Magic\ufffd player.\n')).toBe('Magic™ rules.\nA beginning Magic™ player.\n')
      expect(restore('See the Magic: The Gathering DCI\ufffd Floor Rules.\n')).toBe('See the Magic: The Gathering DCI™ Floor Rules.\n')
      // No evidence in the edition: as the editions of its years print the word whole.
      expect(restore('     Arabian Nights\ufffd [symbol]\n     Fallen Empires\ufffd [symbol]\n')).toBe(
        '     Arabian Nights® [symbol]\n     Fallen Empires™ [symbol]\n'
      )
    })

    it('a dash between a word and a capital is not a trademark: "Gathering\ufffdSeventh Edition"', () => {
      expect(restore('the Magic: The Gathering\ufffdSeventh Edition\ufffd game box\n')).toBe('the Magic: The Gathering—Seventh Edition™ game box\n')
    })
  })

  describe('lossy round trips (issue 13)', () => {
    const original = 'These rules are effective as of November 8, 2024.\nEach player’s deck becomes their library.\n'
    const originalBytes = utf8(original)

    it('the original has an even number of bytes, so its UTF-16 reading keeps them all', () => {
      expect(originalBytes.length % 2).toBe(0)
    })

    it('UTF-8 bytes read as UTF-16 LE and saved as UTF-8 are rebuilt from the code units, with a warning', () => {
      const garbled = iconv.decode(originalBytes, 'utf16le')
      expect(garbled).toMatch(/[\u4e00-\u9fff]/)
      const decoded = decode(utf8(garbled))
      expect(decoded.text).toBe(original)
      expect(decoded.encoding).toBe('utf-8')
      expect(decoded.messages).toEqual([expect.objectContaining({ line: 1, code: 'lossy-round-trip', severity: 'warning' })])
    })

    it('UTF-8 bytes behind a UTF-16 LE byte order mark are rebuilt too', () => {
      const decoded = decode(bytesOf([0xff, 0xfe], originalBytes))
      expect(decoded.text).toBe(original)
      expect(decoded.messages.map((message) => message.code)).toEqual(['lossy-round-trip'])
    })

    /** UTF-16 LE text opened as UTF-8 and saved again: each U+0080-U+00FF unit's low byte became EF BF BD. */
    const roundTrip = (text: string): Buffer => {
      const units = iconv.encode(text, 'utf16le')
      const out: number[] = [0xff, 0xfe]
      for (let index = 0; index < units.length; index += 2) {
        if (units[index] >= 0x80 && units[index + 1] === 0) out.push(0xef, 0xbf, 0xbd, 0)
        else out.push(units[index], units[index + 1])
      }
      return Buffer.from(out)
    }

    it('"뿯½" (EF BF BD read as UTF-16) where the context tells the character: rebuilt and reported', () => {
      const bytes = roundTrip('Magic: The Gathering® Comprehensive Rules\nEach player’s deck — “legend rule”\n')
      expect(iconv.decode(bytes.subarray(2), 'utf16le')).toContain('\ubfef\u00bd')
      const decoded = decode(bytes)
      expect(decoded.text).toBe('Magic: The Gathering® Comprehensive Rules\nEach player’s deck — “legend rule”\n')
      expect(decoded.messages.map(({ line, code }) => ({ line, code }))).toEqual([
        { line: 1, code: 'lossy-round-trip' },
        { line: 1, code: 'replacement-character' }
      ])
    })

    it('UTF-16 text misaligned by a stray odd byte is rejected after one rebuild, not rebuilt from itself again and again', () => {
      // Like fuzz seed 20261122 case 112: ASCII as UTF-16 LE with odd runs of bytes spliced in, so what lies between pairs
      // into CJK units; its code units written back are the same bytes, which were rebuilt again until the stack gave out.
      const units = iconv.encode(`${'These rules are effective as of November 8, 2024.\n'.repeat(1600)}`, 'utf16le')
      const bytes = bytesOf(units.subarray(0, 3000), utf8(`704.5j ${'x'.repeat(5000)}`), units.subarray(3000, -1000), utf8('y'), units.subarray(-1000))
      const error = thrownBy(() => decodeSource(bytes, 'fuzz/misaligned.txt'))
      expect(error.code).toBe('E_DECODE')
      expect(error.message).toMatch(/^fuzz\/misaligned\.txt: lossy round trip: the text is UTF-16 code units of other bytes/)
      // A hang guard, not a timing: rebuilt once this takes milliseconds; rebuilt from itself, until the stack gave out, a minute.
    }, 15_000)

    it('"뿯½" standing for a lost letter ("Dand뿯½n") is rejected with a clear message', () => {
      const error = thrownBy(() => decodeSource(roundTrip('Dandân is a card.\n'), 'corpus/cr/round-trip.txt'))
      expect(error.code).toBe('E_DECODE')
      expect(error.message).toMatch(/^corpus\/cr\/round-trip\.txt: lossy round trip: .*line 1/)
      expect(error.message).not.toContain('\n')
    })

    it('"ï¿½" (EF BF BD read as Windows-1252) is recovered as U+FFFD and restored from context', () => {
      const decoded = decode(utf8('Wizards of the Coastï¿½ website\n'))
      expect(decoded.text).toBe('Wizards of the Coast® website\n')
      expect(decoded.messages.map((message) => message.code)).toEqual(['lossy-round-trip', 'replacement-character'])
    })

    it('runs of EF BF BD (the bytes of one character each replaced) are rejected, naming the line', () => {
      for (const text of ['one\nDand\ufffd\ufffdn\n', 'one\ntwo\nit\ufffd\ufffd\ufffds\n']) {
        const error = thrownBy(() => decodeSource(utf8(text), 'corpus/cr/runs.txt'))
        expect(error.code).toBe('E_DECODE')
        expect(error.message).toMatch(/^corpus\/cr\/runs\.txt: lossy round trip: [23] replacement characters in a row at line [23];/)
      }
    })

    it('nonsense code units that rebuild into no text are rejected', () => {
      const error = thrownBy(() => decodeSource(utf8('桔獥⁥畲敬\u0001\u0002 猠慨敶'.repeat(4)), 'corpus/cr/nonsense.txt'))
      expect(error.code).toBe('E_DECODE')
      expect(error.message).toContain('corpus/cr/nonsense.txt: ')
    })
  })

  describe('errors', () => {
    // A deterministic "random" binary file: a PNG signature, then LCG noise with NULs at both parities.
    const binary = Buffer.alloc(512)
    let seed = 12345
    for (let index = 0; index < binary.length; index++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      binary[index] = (seed >>> 16) & 0xff
    }
    binary.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d], 0)
    binary[101] = 0
    binary[200] = 0

    const doubleEncoded = utf8(iconv.decode(utf8('Each player’s deck — “legend rule”\n'), 'windows1252'))

    const cases: { name: string; bytes: Buffer }[] = [
      { name: 'random binary bytes with NULs', bytes: binary },
      { name: 'an empty file', bytes: Buffer.alloc(0) },
      { name: 'ASCII with control characters', bytes: utf8('100.1. These Magic rules\u0001\u0002 apply\u001b[0m to games.\n') },
      { name: 'Windows-1252 with a C1/undefined byte (0x81)', bytes: bytesOf(Buffer.from('Dand'), [0xe2, 0x81], Buffer.from('n\n')) },
      { name: 'double-encoded UTF-8 (mojibake "â€™")', bytes: doubleEncoded },
      { name: 'UTF-8 BOM followed by invalid UTF-8', bytes: bytesOf([0xef, 0xbb, 0xbf], Buffer.from('Dand'), [0xe2], Buffer.from('n\n')) },
      { name: 'UTF-16 LE BOM with an odd number of bytes', bytes: bytesOf([0xff, 0xfe], iconv.encode('rule', 'utf16le'), [0x41]) }
    ]

    it('the double-encoded input really holds "â€™"', () => {
      expect(doubleEncoded.toString('utf8')).toContain('â€™')
    })

    for (const testCase of cases) {
      it(`${testCase.name} -> E_DECODE naming the file in one line`, () => {
        const name = `corpus/cr/${testCase.name.replace(/\W+/g, '-')}.txt`
        const error = thrownBy(() => decodeSource(testCase.bytes, name))
        expect(error.code).toBe('E_DECODE')
        expect(error.message).toContain(name)
        expect(error.message).not.toContain('\n')
      })
    }
  })

  describe('sha256 and size', () => {
    for (const testCase of encodingCases) {
      it(`sha256 of the original bytes: ${testCase.name}`, () => {
        const decoded = decode(testCase.bytes)
        expect(decoded.sha256).toBe(createHash('sha256').update(testCase.bytes).digest('hex'))
        expect(decoded.sha256).toMatch(/^[0-9a-f]{64}$/)
        expect(decoded.bytes).toBe(testCase.bytes.length)
      })
    }

    it('the hash is of the bytes, not of the text: BOM and line ends change it', () => {
      const plain = decode(utf8('rule\n'))
      const bom = decode(bytesOf([0xef, 0xbb, 0xbf], utf8('rule\n')))
      const crlf = decode(utf8('rule\r\n'))
      expect(new Set([plain.text, bom.text, crlf.text]).size).toBe(1)
      expect(new Set([plain.sha256, bom.sha256, crlf.sha256]).size).toBe(3)
      expect(crlf.sha256).toBe(createHash('sha256').update(utf8('rule\r\n')).digest('hex'))
    })
  })
})
