/**
 * The stylesheet of ArticleView's `.reader*` classes: inlined in the visitor page (page.ts) and
 * served as /reader.css for the editor's preview (src/pages/reader.css.ts). Mobile first; every
 * per-element value (colours, sizes) is an inline style, so this stays small (visitor page budget:
 * 14 KB compressed before media, DESIGN 10). Plain CSS in a string: the server imports it too.
 */
export const READER_CSS = `.reader{display:flex;flex-direction:column;min-height:100%;color:#fff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:16px;line-height:1.4;overflow-wrap:break-word;-webkit-text-size-adjust:100%;text-size-adjust:100%}
.reader *,.reader ::before,.reader ::after{box-sizing:border-box}
.reader-blocks{flex:1;width:100%;max-width:48rem;margin:0 auto;padding:16px 12px}
.reader-row{display:flex;width:100%;margin:0 0 8px}
.reader-text,.reader-legend-text,.reader-summary,.reader-link{margin:0;font-weight:400;font-style:normal;white-space:pre-wrap}
.reader em{font-style:italic}
.reader img,.reader video{max-width:100%;height:auto}
.reader-image,.reader-video,.reader-link-image,.reader-legend-image{display:block}
.reader-video{background:#000}
.reader-link{display:block}
a.reader-link{text-decoration:underline;text-underline-offset:.18em}
.reader-link-image{width:100%;margin:0 0 4px}
.reader-space{width:100%}
.reader-legend{display:flex;align-items:center;gap:12px}
.reader-legend-image{flex:none}
.reader-legend-text{flex:1;min-width:0}
.reader-accordion{border-block:1px solid rgba(128,128,128,.6)}
.reader-summary{display:list-item;padding:10px 4px;cursor:pointer}
.reader-accordion-body{padding:4px 0 8px}
.reader :focus-visible{outline:3px solid #fff;outline-offset:0;box-shadow:0 0 0 5px #000}
.reader-footer{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;background:#1f1422;color:#fff;font-size:15px}
.reader-product{font-weight:700;letter-spacing:.02em}
.reader .reader-language{display:inline-flex;align-items:center;min-height:44px;margin:0;padding:8px 18px;border:2px solid #fff;border-radius:999px;background:transparent;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.reader .reader-language:hover{background:#fff;color:#1f1422}
`;
