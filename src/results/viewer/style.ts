/** The page's stylesheet (inline, like everything else on it). */
export const PAGE_CSS = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#0f172a;background:#fff}
a{color:#1d4ed8}
header.top{position:sticky;top:0;z-index:5;display:flex;align-items:center;gap:24px;padding:8px 20px;background:#f8fafc;border-bottom:1px solid #e2e8f0}
header.top h1{font-size:17px;margin:0;font-weight:600}
nav a{display:inline-block;padding:5px 12px;margin-right:4px;border-radius:6px;text-decoration:none;color:#334155}
nav a.active{background:#1e293b;color:#fff}
main{padding:12px 20px}
section{margin-bottom:24px;min-width:0}h2{font-size:15px;margin:8px 0}
table{border-collapse:collapse;margin:6px 0}td,th{padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}
#leaderboard{width:100%}#leaderboard td:nth-child(n+3){text-align:right;white-space:nowrap}#leaderboard td:last-child{text-align:left}
.table-scroll{overflow-x:auto}#leaderboard td,#leaderboard th{padding:4px 6px}#leaderboard th{font-size:12.5px}#leaderboard td[data-field=model]{white-space:nowrap}#leaderboard td[data-field=protocol]{text-align:left}
.note,.muted{color:#64748b;font-size:12px}
.swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:baseline}
.legend .key{margin-right:14px;white-space:nowrap}
.pair{display:flex;flex-wrap:wrap;gap:32px}.pair .grow{flex:1 1 560px}
#patterns{width:100%}#patterns td{min-width:190px}
.bar{display:block;position:relative;height:14px;background:#f1f5f9;margin:3px 0 2px;border-radius:2px;overflow:hidden}
.bar .pass{display:block;height:9px}.bar .mean{display:block;height:5px;background:#334155}
.pm{font-size:12px;color:#475569;white-space:nowrap}
#heatmap{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:4px 20px;align-items:start}
.heat{width:100%;margin:0 0 10px}.heat caption{text-align:left;font-weight:600;font-size:12px;color:#334155;padding:4px 0}
.heat th{font-size:11px;font-weight:normal;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:230px}
.heat td{text-align:center;font-size:11px;width:38px;padding:2px 4px}.heat td a{color:#0f172a;text-decoration:none;display:block}
.heat td a:hover{text-decoration:underline}.na{color:#94a3b8}
/* the instance viewer */
.filters{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-bottom:8px}
.filters select,.filters input[type=search]{font:inherit;padding:3px 6px;border:1px solid #cbd5e1;border-radius:5px;background:#fff}
.filters input[type=search]{width:200px}.filters button{font:inherit;padding:3px 10px;border:1px solid #cbd5e1;border-radius:5px;background:#f8fafc;cursor:pointer}
.chip{background:#e0e7ff;border-radius:12px;padding:2px 4px 2px 10px;font-size:12px}.chip button{border:0;background:none;padding:0 6px;cursor:pointer}
.notice{background:#fef9c3;border:1px solid #fde047;border-radius:6px;padding:4px 12px;margin-bottom:8px}
.notice p{margin:4px 0}
.viewer-body{display:grid;grid-template-columns:minmax(420px,38%) 1fr;gap:14px;height:calc(100vh - 118px)}
#list{position:relative;overflow:auto;border:1px solid #e2e8f0;border-radius:6px}
#list-rows{position:absolute;top:0;left:0;right:0}
.row{display:grid;grid-template-columns:14px minmax(0,1fr) 26px 46px 104px 46px;grid-template-rows:20px 18px;column-gap:6px;align-items:center;height:44px;padding:3px 8px;border-bottom:1px solid #f1f5f9;color:inherit;text-decoration:none;font-size:12.5px;white-space:nowrap}
.row>span{overflow:hidden;text-overflow:ellipsis}.row:hover{background:#f1f5f9}.row.open{background:#dbeafe}
.row .t{font-weight:600}.row .m{grid-column:2/3;font-size:11.5px}.row .w{grid-column:3/7;font-size:11.5px}
.row .s{text-align:right;font-variant-numeric:tabular-nums;font-weight:600}.row.fail .s{color:#b91c1c}.row .w,.row .m,.row .k,.row .r{color:#64748b}
.dot{width:10px;height:10px;border-radius:50%;display:inline-block}
.o-exact{background:#16a34a}.o-partial{background:#84cc16}.o-wrong_state{background:#f97316}.o-reverted{background:#dc2626}.o-schema_invalid{background:#9333ea}
.o-rejected{background:#a16207}.o-timeout{background:#64748b}.o-runtime_error{background:#db2777}.o-infra{background:#0f172a}
#detail{overflow:auto;min-width:0}
#viewer.comparing .viewer-body{grid-template-columns:1fr}#viewer.comparing #list{display:none}
.compare{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);column-gap:20px}.compare-bar{margin:4px 0 10px}
.compare>.inst{display:grid;grid-template-rows:subgrid;align-content:start}.compare .part{align-self:start}
#viewer:not(.comparing) .inst>header{position:sticky;top:0;z-index:2;background:#fff}.compare>.inst:first-child{grid-column:1}.compare>.inst:last-child{grid-column:2}
.compare-bar label.cmp{display:inline;margin-left:8px}
.compare-bar button{font:inherit;padding:3px 10px;border:1px solid #cbd5e1;border-radius:5px;background:#f8fafc;cursor:pointer}
.inst{min-width:0}.part{min-width:0}.inst header{border-bottom:1px solid #e2e8f0;padding-bottom:6px;margin-bottom:6px}
.inst h3{margin:0;font-size:16px}.inst h4{margin:14px 0 4px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:#475569}.inst h5{margin:8px 0 3px;font-size:12px;color:#475569}
.verdict{margin-top:4px}.verdict .model{font-weight:600;margin-right:6px}
.score{font-weight:700;font-size:15px;margin-right:4px}.score.pass{color:#15803d}.score.fail{color:#b91c1c}
.badge{color:#fff;border-radius:4px;padding:1px 6px;font-size:12px;margin-right:4px}
label.cmp{display:block;margin-top:6px;font-size:12px;color:#475569}label.cmp select{font:inherit;font-size:12px}
.error{background:#fee2e2;border-left:3px solid #dc2626;padding:4px 8px;margin:6px 0;white-space:pre-wrap;word-break:break-word}
.request{margin:0;padding:6px 10px;border-left:3px solid #6366f1;background:#eef2ff;white-space:pre-wrap}
.checks{width:100%}.checks td.mark{font-weight:700;width:18px}.check.pass .mark{color:#15803d}.check.fail .mark{color:#b91c1c}.check.fail .name{color:#b91c1c;font-weight:600}
.checks td.weight{text-align:right;width:50px}.checks td.detail{word-break:break-word}.checks tfoot td{color:#64748b;font-size:12px;border:0}
.steps{background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px;padding:5px 10px}
pre{margin:0;white-space:pre-wrap;word-break:break-word;font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre.code{background:#0f172a;color:#e2e8f0;padding:8px 10px;border-radius:6px;overflow:auto;margin:4px 0}
.prose{white-space:pre-wrap;margin:4px 0}.prose.empty{color:#94a3b8}
pre.logs{background:#f1f5f9;padding:6px 8px;border-radius:6px;max-height:260px;overflow:auto}
pre.feedback{background:#ecfdf5;border-left:3px solid #10b981;padding:6px 8px}
pre.msg{background:#f8fafc;padding:6px 8px;border-radius:6px;max-height:320px;overflow:auto}
.round{border:1px solid #e2e8f0;border-radius:6px;padding:4px 10px 8px;margin:8px 0}
.round[data-kind=tx] h5 .kind{color:#15803d}.round[data-kind^=schema] h5 .kind,.round[data-kind=tx_reverted] h5 .kind,.round[data-kind=rejected] h5 .kind{color:#b91c1c}
.tx{border:1px solid #e2e8f0;border-radius:6px;padding:4px 8px;margin:4px 0}.tx.bad{border-color:#fca5a5}.tx.bad .status{color:#b91c1c;font-weight:600}
.tx .kv th{width:80px;color:#64748b;font-weight:normal}.tx td,.tx th{border:0;padding:1px 6px;word-break:break-all}
.call{margin:4px 0}.call .fn{font-weight:700;font-family:ui-monospace,monospace}.args td{font-family:ui-monospace,monospace;font-size:12px;border:0;padding:1px 8px;word-break:break-all}.args td:first-child,.args td:nth-child(2){white-space:nowrap;word-break:normal}
code.raw{font-size:11px;word-break:break-all}.lbl{color:#6366f1}
details{margin:6px 0}summary{cursor:pointer;color:#475569}
.hl-k{color:#c084fc}.hl-s{color:#86efac}.hl-n{color:#fdba74}.hl-c{color:#94a3b8;font-style:italic}.hl-f{color:#7dd3fc}.hl-b{color:#f9a8d4}.hl-p{color:#93c5fd}
/* sorting, the hard split, flaky marks, what it cost */
th.sortable{cursor:pointer;white-space:nowrap}th.sortable:hover{text-decoration:underline}th.sorted::after{content:' ▾';color:#475569}
label.sort{font-size:12px;color:#475569}label.sort select{font:inherit;font-size:12px;margin-left:4px}
#hazards,#costs{width:100%}#hazards td{min-width:190px}#hazards tr.count td{font-variant-numeric:tabular-nums}
#costs td:nth-child(n+3){text-align:right;white-space:nowrap}#costs tr.all td{font-weight:600;border-bottom:2px solid #cbd5e1}
.heat td.flaky{outline:2px dashed #7c3aed;outline-offset:-2px}.heat td.flaky a::after,.heat td.flaky span::after{content:'~';color:#7c3aed;font-weight:700}.flaky-mark{color:#7c3aed;font-weight:700}
.o-refused{background:#0891b2}.o-unsafe{background:#7f1d1d}
.row .w b.lost{color:#b91c1c}
.hazard .hz{background:#7c3aed}.hazard .mech{background:#0f766e}.hazard .mech.also{background:#5eead4;color:#134e4a}.refusal{margin:0;padding:6px 10px;border-left:3px solid #0891b2;background:#ecfeff;white-space:pre-wrap}
.cost-figures{background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px;padding:5px 10px;margin:4px 0}.cost-figures.lost{background:#fef2f2;border-color:#fca5a5}
.cost-items{margin:4px 0;padding-left:18px}.cost-items li{margin:2px 0;word-break:break-word}.cost-items li.money{color:#991b1b}.cost-items .kind{font-size:11px;color:#64748b;text-transform:uppercase;margin-right:4px}
.steps.agent{border-color:#c4b5fd}
@media (max-width:900px){.viewer-body{grid-template-columns:1fr;height:auto}#list{height:50vh}.compare{grid-template-columns:1fr}}
`;
