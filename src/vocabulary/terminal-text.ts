/**
 * Text safe for a terminal: what a source stored (a set name, a rule's text)
 * or a user typed may hold escape sequences that set the window title, move
 * the cursor or clear the screen (`ESC]0;...BEL`, `ESC[2J`). They are taken
 * out whole, and any other C0 or C1 control character with them (newline and
 * tab stay).
 */

// Whole sequences first (so their parameters do not show), then single control characters:
// OSC `ESC ] ... (BEL | ESC \)`, DCS/SOS/PM/APC `ESC P|X|^|_ ... ESC \`, CSI `ESC [ params final`, other `ESC x`.
const sequences =
  /\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b\[[0-?]*[ -/]*[@-~]?|\u001b[@-Z\\-_]?|[\u009d\u0090\u0098\u009e\u009f][^\u0007\u009c\u001b]*[\u0007\u009c]?|\u009b[0-?]*[ -/]*[@-~]?/g
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

/** `text` without terminal escape sequences and control characters (newline and tab kept). */
export function stripControlCharacters(text: string): string {
  return text.replace(sequences, '').replace(controls, '')
}

/** `text` on one line: control characters removed, newlines and tabs as spaces (for names from a remote source). */
export function cleanRemoteName(text: string): string {
  return stripControlCharacters(text).replace(/\s+/g, ' ').trim()
}

// The styles crdb itself prints on a colour terminal (`src/cli/render.ts`): kept where colour is on.
const ownStyle = /^\u001b\[[0-9;]*m$/

/**
 * `text` for a terminal: {@link stripControlCharacters}, except that with `keepStyles` the colour and
 * style codes (`ESC[...m`, which only colour text) survive.
 */
export function sanitizeForTerminal(text: string, keepStyles: boolean): string {
  if (!keepStyles || !text.includes('\u001b')) return stripControlCharacters(text)
  const parts = text.split(/(\u001b\[[0-9;]*m)/)
  return parts.map((part) => (ownStyle.test(part) ? part : stripControlCharacters(part))).join('')
}

/** JSON text with the characters `JSON.stringify` leaves raw that a terminal may obey (DEL, C1) written as `\u` escapes. */
export function escapeJsonControls(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
