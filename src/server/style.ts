/**
 * The one stylesheet of the web pages: readable on a phone, a light and a dark
 * theme following the system, diffs side by side on wide screens.
 */

/** The stylesheet served at `/style.css`. */
export const stylesheet = `:root{--bg:#fdfdfc;--fg:#1b1b1b;--muted:#5a5a5a;--line:#d6d6d6;--link:#0b57d0;--accent:#b3261e;--mark:#fff1a8;--add:#d7f5dd;--add-fg:#0a5c1e;--del:#fbe0e0;--del-fg:#8c1d18;--panel:#f3f3f1;--terms:#2e7d32;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#151515;--fg:#e8e8e6;--muted:#b0b0ac;--line:#3a3a3a;--link:#8ab4f8;--accent:#f2b8b5;--mark:#5c4d00;--add:#12391c;--add-fg:#a8e6b4;--del:#4a1717;--del-fg:#f5b5b0;--panel:#222;--terms:#81c784}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--link)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:4px 8px;z-index:2}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
header.site{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;padding:.6rem 1rem;border-bottom:1px solid var(--line)}
.brand{font-weight:700;font-size:1.2rem;text-decoration:none;color:var(--fg)}
header.site ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
form.search{display:flex;gap:.4rem;margin-left:auto}
textarea{max-width:100%}
input,select,button,textarea{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.25rem .5rem}
button{background:var(--panel);cursor:pointer}
nav.picker{padding:.4rem 1rem;background:var(--panel);border-bottom:1px solid var(--line);display:flex;flex-wrap:wrap;gap:.3rem 1.25rem;align-items:center;font-size:.93rem}
nav.picker p{margin:0}nav.picker form{margin:0}
nav.picker a[aria-current]{font-weight:700;color:var(--fg)}
main{max-width:62rem;margin:0 auto;padding:1rem}
main.wide{max-width:none}
h1{font-size:1.6rem;margin:.4rem 0 .8rem;line-height:1.25}h2{font-size:1.25rem;margin-top:1.8rem}
.rule-text{font-size:1.08rem}
.example{border-left:3px solid var(--line);padding-left:.75rem;color:var(--muted)}
.meta{color:var(--muted);font-size:.92rem}
.error{border-left:4px solid var(--accent);padding:.4rem .75rem;background:var(--panel)}
.notice{border-left:4px solid var(--link);padding:.4rem .75rem;background:var(--panel)}
table{border-collapse:collapse;width:100%;font-size:.93rem}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.table-wrap{overflow-x:auto}
ol.changes-list{list-style:none;padding:0;overflow-wrap:anywhere}table.reflow th[scope=row]{overflow-wrap:anywhere}table.reflow td{overflow-wrap:anywhere}
@media (max-width:40rem){table.reflow,table.reflow tbody,table.reflow tr,table.reflow th,table.reflow td{display:block}table.reflow thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}table.reflow tr{border-bottom:1px solid var(--line);padding:.4rem 0}table.reflow th,table.reflow td{border:0;padding:.1rem 0}table.reflow td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted)}}
mark{background:var(--mark);color:inherit}
ins{background:var(--add);color:var(--add-fg);text-decoration:none}del{background:var(--del);color:var(--del-fg)}
.pager{display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:baseline;margin:.75rem 0}.summary a[aria-current]{font-weight:700}td.number,th.number{text-align:right}
.change{border-top:1px solid var(--line);padding:.5rem 0;overflow-wrap:anywhere}
.change h3{font-size:1.02rem;margin:.3rem 0}
.crumbs ol{list-style:none;display:flex;flex-wrap:wrap;margin:0 0 .4rem;padding:0;font-size:.93rem}.crumbs li+li::before{content:"›";margin:0 .45rem;color:var(--muted)}
.citation code{overflow-wrap:anywhere;user-select:all}.tag.warn{color:var(--accent);border-color:var(--accent)}td.date{white-space:nowrap}details.folded{margin:.6rem 0}details.folded summary{cursor:pointer;color:var(--muted)}
nav.picker form{min-width:0;max-width:100%}nav.picker select{max-width:100%}
.side{display:none}
@media (min-width:900px){.side{display:grid;grid-template-columns:1fr 1fr;gap:1rem}.inline.has-side{display:none}}
.side>div{background:var(--panel);padding:.4rem .6rem;border-radius:4px}
.tag{display:inline-block;font-size:.78rem;border:1px solid var(--line);border-radius:3px;padding:0 .3rem;margin-left:.4rem;color:var(--muted)}
.toc{columns:16rem;font-size:.93rem}
.cr-rule{margin:.35rem 0}.cr-rule .n{font-weight:700;margin-right:.35rem}
.cr-rule.depth-0{font-size:1.3rem;margin-top:1.6rem}.cr-rule.depth-1{font-size:1.1rem;margin-top:1rem}
.chart svg{width:100%;height:auto;font-size:12px}
.chart text{fill:var(--muted)}
.chart .grid{stroke:var(--line)}.chart .axis{stroke:var(--muted)}
.chart polyline{fill:none;stroke-width:2}
.chart polyline.rules,.key.rules{stroke:var(--link);background:var(--link)}
.chart polyline.terms,.key.terms{stroke:var(--terms);background:var(--terms)}
.chart circle.rules{fill:var(--link)}.chart circle.rewrite-dot{fill:var(--accent)}
.chart a:focus-visible circle,.chart a:focus-visible rect{stroke:var(--fg);stroke-width:3}
.chart .rewrite,.key.rewrite{stroke:var(--accent);stroke-dasharray:4 3;background:var(--accent)}
.chart .rewrite-label{fill:var(--accent)}
.chart .bar-0{fill:var(--link)}.chart .bar-1{fill:var(--terms)}
.chart .lane{fill:var(--fg);font-weight:600}
.key{display:inline-block;width:.9rem;height:.3rem;vertical-align:middle;margin:0 .25rem 0 .75rem}
figure.chart{margin:1rem 0}figcaption{color:var(--muted);font-size:.88rem}
.hits li{margin:.6rem 0}
footer.site{color:var(--muted);font-size:.85rem;padding:1rem;border-top:1px solid var(--line);margin-top:2rem}
fieldset{border:1px solid var(--line);border-radius:4px;margin:.5rem 0}
@media (max-width:600px){form.search{margin-left:0;width:100%}form.search input{flex:1}}
`
