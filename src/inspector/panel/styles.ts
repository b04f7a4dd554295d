/** The panel's own styles, inside its shadow root: nothing of the page's styles reaches it, and nothing of these leaves. */
export const panelCss = `
:host { all: initial; }
.inspector { box-sizing: border-box; display: flex; flex-direction: column; height: 100%; background: #0f1420; color: #e6e9ef;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; border-left: 1px solid #2c3650; }
.inspector *, .inspector *::before, .inspector *::after { box-sizing: border-box; }
.toolbar { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; padding: 6px; border-bottom: 1px solid #2c3650; }
.toolbar h2 { font-size: 13px; margin: 0 auto 0 0; }
button, select, input, textarea { font: inherit; color: inherit; background: #1b2335; border: 1px solid #3a4766; border-radius: 4px; padding: 3px 6px; }
button { cursor: pointer; }
button:hover { background: #26314a; }
button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid #7cc4ff; outline-offset: 1px; }
.body { flex: 1; overflow: auto; display: flex; flex-direction: column; gap: 8px; padding: 6px; }
section { border: 1px solid #2c3650; border-radius: 6px; padding: 6px; }
section > h3 { font-size: 12px; margin: 0 0 4px; color: #a9b6d3; }
ul.tree, ul.tree ul { list-style: none; margin: 0; padding-left: 12px; }
ul.tree { padding-left: 0; }
.tree button { width: 100%; text-align: left; border-color: transparent; background: transparent; display: flex; gap: 6px; flex-wrap: wrap; }
.tree button[aria-current="true"] { background: #24407a; border-color: #7cc4ff; }
.muted { color: #a9b6d3; }
.status-stopped, .status-done { color: #ffb4a8; }
.status-active { color: #8ff0a4; }
.log { max-height: 260px; overflow: auto; }
.log table { border-collapse: collapse; width: 100%; }
.log td, .log th { text-align: left; padding: 2px 4px; vertical-align: top; border-bottom: 1px solid #232c42; }
.log tr[aria-selected="true"] td { background: #24407a; }
.log button { border: none; background: transparent; padding: 0; text-align: left; }
.filters { display: flex; gap: 4px; flex-wrap: wrap; margin-bottom: 4px; }
.filters label { display: flex; gap: 4px; align-items: center; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; max-height: 200px; overflow: auto; }
.diff li { list-style: none; }
.diff .added { color: #8ff0a4; } .diff .removed { color: #ffb4a8; } .diff .changed { color: #ffe08a; }
.send form { display: flex; flex-direction: column; gap: 4px; }
.send .error { color: #ffb4a8; }
.diagram { overflow: auto; max-height: 420px; background: #0b0f18; border-radius: 4px; }
.diagram svg { display: block; }
.diagram .state rect { fill: #1b2335; stroke: #4b5a80; }
.diagram .state.region rect { stroke-dasharray: 4 3; fill: transparent; }
.diagram .state.compound rect, .diagram .state.parallel rect { fill: #141b2b; }
.diagram .state.active rect { stroke: #8ff0a4; stroke-width: 2; fill: #17352a; }
.diagram .state text { fill: #e6e9ef; font-size: 11px; }
.diagram .transition path { fill: none; stroke: #6b7aa3; }
.diagram .transition text { fill: #c9d3ea; font-size: 10px; }
.diagram .transition.last path { stroke: #ffe08a; stroke-width: 2.5; }
.diagram .transition.last text { fill: #ffe08a; }
.note { color: #ffe08a; }
`;
