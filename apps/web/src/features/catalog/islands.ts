// The islands this feature lends to server-rendered pages (src/islands.tsx, decision 023):
// importing them names them. Only these, not index.ts, so a page's script stays this small.
import './components/active-filter-chips';
import './components/category-pager';
import './components/compare-bar';
import './components/compare-toggle';
import './components/filter-panel';
import './components/fits-my-board';
