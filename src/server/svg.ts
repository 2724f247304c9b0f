/**
 * Charts drawn on the server as inline SVG: the editions over time on the home
 * page, and a rule's wordings along the time axis on its page.
 */
import { html, type Markup } from './markup.js'

/** One edition on the timeline. */
export interface TimelinePoint {
  edition: string
  rules: number
  terms: number
  /** Where the point links to. */
  href: string
  /** A large revision, marked on the chart. */
  rewrite?: string
}

const width = 960
const left = 56
const right = 16

/** Days since 1970 of a `YYYY-MM-DD` date. */
function dayOf(date: string): number {
  // The same few hundred dates (editions, new years) on every chart: each parsed once.
  let day = days.get(date)
  if (day === undefined) {
    day = Date.parse(date + 'T00:00:00Z') / 86_400_000
    if (days.size < 4096) days.set(date, day)
  }
  return day
}

const days = new Map<string, number>()

function scale(from: number, to: number, outFrom: number, outTo: number): (value: number) => number {
  const span = to - from || 1
  return (value) => Math.round((outFrom + ((value - from) / span) * (outTo - outFrom)) * 10) / 10
}

function yearTicks(first: string, last: string, x: (day: number) => number, y: number, step: number): Markup[] {
  const ticks: Markup[] = []
  const firstYear = Number(first.slice(0, 4))
  const lastYear = Number(last.slice(0, 4))
  for (let year = Math.ceil(firstYear / step) * step; year <= lastYear; year += step) {
    const at = x(dayOf(`${year}-01-01`))
    ticks.push(html`<line x1="${at}" y1="${y}" x2="${at}" y2="${y + 5}" class="axis"/><text x="${at}" y="${y + 17}" text-anchor="middle">${year}</text>`)
  }
  return ticks
}

/** The editions as a chart: rules and glossary terms per edition, large revisions marked, each edition a link. */
export function renderTimeline(points: readonly TimelinePoint[]): Markup {
  if (points.length === 0) return html``
  const height = 260
  const top = 20
  const bottom = 36
  const first = points[0].edition
  const last = points.at(-1)!.edition
  const x = scale(dayOf(first) - 60, dayOf(last) + 60, left, width - right)
  const most = Math.max(...points.map((point) => point.rules))
  const ceiling = Math.ceil(most / 500) * 500
  const y = scale(0, ceiling, height - bottom, top)
  const grid: Markup[] = []
  for (let value = 0; value <= ceiling; value += 500) {
    grid.push(
      html`<line x1="${left}" y1="${y(value)}" x2="${width - right}" y2="${y(value)}" class="grid"/><text x="${left - 6}" y="${y(value) + 4}" text-anchor="end">${value}</text>`
    )
  }
  const line = (key: 'rules' | 'terms'): string => points.map((point) => `${x(dayOf(point.edition))},${y(point[key])}`).join(' ')
  const rewrites = points
    .filter((point) => point.rewrite)
    .map((point) => {
      const at = x(dayOf(point.edition))
      return html`<line x1="${at}" y1="${top}" x2="${at}" y2="${height - bottom}" class="rewrite"/><text x="${at + 3}" y="${top + 10}" class="rewrite-label">${point.edition.slice(0, 4)}</text>`
    })
  const dots = points.map((point) => {
    const label = `Edition ${point.edition}: ${point.rules} rules, ${point.terms} terms${point.rewrite ? `; ${point.rewrite}` : ''}`
    return html`<a href="${point.href}" aria-label="${label}"><title>${label}</title><circle cx="${x(dayOf(point.edition))}" cy="${y(point.rules)}" r="4" class="rules${point.rewrite && ' rewrite-dot'}"/></a>`
  })
  return html`<figure class="chart">
<svg viewBox="0 0 ${width} ${height}" role="group" aria-labelledby="timeline-title" class="timeline">
<title id="timeline-title">Rules and glossary terms in each edition, ${first} to ${last}</title>
${grid}
${yearTicks(first, last, x, height - bottom, 2)}
${rewrites}
<polyline points="${line('terms')}" class="terms"/>
<polyline points="${line('rules')}" class="rules"/>
${dots}
</svg>
<figcaption><span class="key rules"></span> rules <span class="key terms"></span> glossary terms <span class="key rewrite"></span> large revisions (a tenth more rules or more). Each dot is an edition: follow it to read that edition.</figcaption>
</figure>`
}

/** One wording of a rule on its history chart. */
export interface HistoryBar {
  number: string
  validFrom: string
  /** `null` while in force. */
  validTo: string | null
  /** Where the bar links to. */
  href: string
  label: string
}

/** A rule's wordings along the time axis: one lane per number, one bar per wording. */
export function renderHistoryBars(bars: readonly HistoryBar[], today: string): Markup {
  if (bars.length === 0) return html``
  const numbers = [...new Set(bars.map((bar) => bar.number))]
  const lane = 26
  const top = 8
  const height = top + numbers.length * lane + 30
  const start = bars[0].validFrom
  const x = scale(dayOf(start) - 30, dayOf(today) + 30, 80, width - right)
  const lanes = numbers.map((number, index) => html`<text x="74" y="${top + index * lane + 17}" text-anchor="end" class="lane">${number}</text>`)
  const rects = bars.map((bar, index) => {
    const from = x(dayOf(bar.validFrom))
    const to = x(dayOf(bar.validTo ?? today))
    const row = numbers.indexOf(bar.number)
    // The label twice (the link's name and its tooltip), escaped once.
    const label = html`${bar.label}`
    return html`<a href="${bar.href}" aria-label="${label}"><title>${label}</title><rect x="${from}" y="${top + row * lane + 4}" width="${Math.max(2, to - from - 1)}" height="${lane - 8}" class="bar bar-${index % 2}"/></a>`
  })
  return html`<figure class="chart">
<svg viewBox="0 0 ${width} ${height}" role="group" aria-labelledby="history-chart-title" class="history-chart">
<title id="history-chart-title">Wordings of the rule over time, one lane per number</title>
${lanes}
${yearTicks(start, today, x, height - 30, 2)}
${rects}
</svg>
<figcaption>One bar per wording, in the lane of the number it had: a step to another lane is a renumbering, a new bar in the same lane a rewording.</figcaption>
</figure>`
}
