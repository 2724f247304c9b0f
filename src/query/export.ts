/** Placeholder until the export branch is merged (it replaces this file). */
import type { Crdb } from '../store/database.js'
import { getSubtree } from './get.js'
import { resolveEdition } from './editions.js'

/** The edition as Markdown (placeholder). */
export function renderEditionMarkdown(db: Crdb, edition: string): string {
  const date = resolveEdition(db, /^\d/.test(edition) ? { edition } : { edition })
  return getSubtree(db, '1', { edition: date })
    .map((rule) => `- ${rule.number} ${rule.text}`)
    .join('\n')
}
