// The islands this feature lends to server-rendered pages (src/islands.tsx, decision 023):
// importing them names them. Only these, not index.ts, so a page's script stays this small.
import './components/catalog-controls';
import './components/catalog-pager';
import './components/part-bill';
import './components/compatible-parts';
