/** Safe as element text and inside a double-quoted attribute: values come from visitors' URLs and the catalog. */
export const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
