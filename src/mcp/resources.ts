/**
 * The MCP resources: the list of editions, each edition's rules as one
 * Markdown document, and a rule or term by its stable id. Read-only views of
 * the store, under the `crdb://` scheme.
 */
import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js'
import { listEditions } from '../query/editions.js'
import { renderEditionMarkdown } from '../query/export.js'
import { getLineage } from '../query/lineage.js'
import { publishSources } from '../server/public-source.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import type { ToolContext } from './tools.js'

const editionsUri = 'crdb://editions'
const editionPattern = /^crdb:\/\/editions\/([^/?#]+)$/
const idPattern = /^crdb:\/\/id\/([^/?#]+)$/

/** The resources listed: the editions, then each edition's document. */
export function listResources(context: ToolContext): Resource[] {
  const editions = context.state.editions()
  return [
    {
      uri: editionsUri,
      name: 'editions',
      title: 'Every edition of the Comprehensive Rules',
      description: 'Every stored edition, oldest first: effective date, set, counts, source',
      mimeType: 'application/json'
    },
    ...editions.map((edition) => ({
      uri: `${editionsUri}/${edition.effectiveDate}`,
      name: `edition-${edition.effectiveDate}`,
      title: `The Comprehensive Rules, edition of ${edition.effectiveDate}${edition.set ? ` (${edition.set.name})` : ''}`,
      description: 'The whole edition as one Markdown document: every rule and its examples, then the glossary',
      mimeType: 'text/markdown'
    }))
  ]
}

/** The templates: an edition by its date or set code, a rule or term by its stable id. */
export function listResourceTemplates(): ResourceTemplate[] {
  return [
    {
      uriTemplate: `${editionsUri}/{edition}`,
      name: 'edition',
      title: 'An edition of the Comprehensive Rules',
      description: 'The whole edition (its effective date, 2009-07-11, or its set code, M10) as one Markdown document',
      mimeType: 'text/markdown'
    },
    {
      uriTemplate: 'crdb://id/{id}',
      name: 'lineage',
      title: 'A rule or term by its stable id',
      description: 'A rule or glossary term by its stable id (1999-04-23_420.5e): every number and wording it had, and its text now',
      mimeType: 'application/json'
    }
  ]
}

/**
 * The contents of the resource `uri`.
 *
 * @throws {CrdbError} `E_NOT_FOUND` for a URI that names no resource, an edition or id not stored.
 */
export function readResource(context: ToolContext, uri: string): ReadResourceResult {
  const { state } = context
  if (uri === editionsUri) return json(uri, publishSources(state, listEditions(state.db)))
  const edition = editionPattern.exec(uri)
  if (edition) {
    const text = renderEditionMarkdown(state.db, decodeURIComponent(edition[1]))
    return { contents: [{ uri, mimeType: 'text/markdown', text }] }
  }
  const id = idPattern.exec(uri)
  if (id) return json(uri, publishSources(state, getLineage(state.db, decodeURIComponent(id[1]))))
  throw new CrdbError('E_NOT_FOUND', `no resource ${quoteInput(uri)}; the resources are ${editionsUri}, ${editionsUri}/{edition} and crdb://id/{id}`)
}

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] }
}
