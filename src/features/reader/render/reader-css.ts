/**
 * The stylesheet of ArticleView's `.reader*` classes: inlined in the visitor page (page.ts) and
 * served as /reader.css for the editor's preview (src/pages/reader.css.ts). Mobile first; every
 * per-element value (colours, sizes) is an inline style, so this stays small (visitor page budget:
 * 14 KB compressed before media). Plain CSS in a string: the server imports it too.
 */
export const READER_CSS = `.reader{display:flex;flex-direction:column;min-height:100%;color:#fff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:16px;line-height:1.4;overflow-wrap:break-word;-webkit-text-size-adjust:100%;text-size-adjust:100%}
.reader *,.reader ::before,.reader ::after{box-sizing:border-box}
.reader-blocks{flex:1;width:100%;max-width:48rem;margin:0 auto;padding:16px 12px}
.reader-title{width:100%;max-width:48rem;margin:0 auto;padding:16px 12px 0;font-size:1.6em;line-height:1.2}
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
.reader-audio{margin:0}
.reader-audio audio{display:block;width:100%;margin:4px 0}
.reader-audio-caption{font-weight:600}
.reader-audio-lang{margin:0 0 4px;font-size:.875em}
.reader :focus-visible{outline:3px solid #fff;outline-offset:0;box-shadow:0 0 0 5px #000}
.reader-footer{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;background:#1f1422;color:#fff;font-size:15px}
.reader-product{font-weight:700;letter-spacing:.02em}
.reader .reader-language{display:inline-flex;align-items:center;min-height:44px;margin:0;padding:8px 18px;border:2px solid #fff;border-radius:999px;background:transparent;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.reader .reader-language:hover{background:#fff;color:#1f1422}
`;

/**
 * The visitor pages' own rules (page.ts, picker.ts), not the editor preview's: the reader fills
 * the screen, the translation note, the empty article and the picker. Touch targets are at least 44px high; our words take the page's ink (`color` on .reader).
 */
export const VISITOR_CSS = `body{margin:0}
.reader-size{display:inline-flex;gap:8px;margin-inline-start:auto}
.reader-size a,.reader-size-off{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border:2px solid #fff;border-radius:999px;color:#fff;font-weight:600;text-decoration:none}
.reader-size-off{visibility:hidden}
.reader-stop{width:100%;max-width:48rem;margin:0 auto;padding:12px 12px 0;font-size:14px;font-weight:600}
.reader-stop+.reader-title{padding-top:2px}
.reader{min-height:100vh;min-height:100dvh}
.reader-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}
.reader-note{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:0 12px;padding:4px 12px;background:#f4eef6;color:#1f1422;font-size:14px;text-align:center}
.reader-note span{padding:8px 0}
.reader .reader-note a{display:inline-flex;align-items:center;min-height:44px;padding:0 8px;color:#1f1422;font-weight:700;text-decoration:underline}
.reader-empty{margin:32px 0;font-size:18px;text-align:center}
.reader-page{font-size:18px}
.reader-page h1{margin:8px 0 16px;font-size:26px;line-height:1.2}
.reader-page h2{margin:28px 0 4px;font-size:19px}
.reader-page p{margin:0 0 12px}
.reader-kicker{font-size:16px;font-weight:600}
.reader-choices{margin:0;padding:0;list-style:none}
.reader-choices li{border-bottom:1px solid rgba(128,128,128,.7)}
.reader-choices a{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 12px;min-height:48px;padding:10px 4px;color:inherit;text-decoration:none}
.reader-choices a:hover .reader-choice{text-decoration:underline}
.reader-choice{font-weight:600}
.reader-alt{font-size:15px}
.reader-search label{display:block;margin:8px 0 6px;font-weight:600}
.reader-search div{display:flex;gap:8px}
.reader-search input{flex:1;min-width:0;min-height:48px;padding:8px 12px;border:2px solid #1f1422;border-radius:8px;background:#fff;color:#1f1422;font:inherit}
.reader-button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:8px 18px;border:2px solid currentColor;border-radius:999px;background:transparent;color:inherit;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.reader-stops a{flex-wrap:nowrap;align-items:center}
.reader-stop-title{flex:1 1 auto;min-width:0}
.reader-stops .reader-alt{flex:none;white-space:nowrap}
.reader-stop-n{flex:none;display:inline-flex;align-items:center;justify-content:center;min-width:2em;height:2em;padding:0 .2em;border:2px solid currentColor;border-radius:999px;font-weight:700}
.reader-circuit{width:100%;max-width:48rem;margin:0 auto;padding:8px 12px 16px}
.reader-circuit p{margin:0 0 8px}
.reader-circuit a{color:inherit}
.reader-nav{display:flex;justify-content:space-between;gap:12px}
.reader-nav a{display:flex;flex-direction:column;justify-content:center;min-height:48px;max-width:48%;padding:6px 14px;border:2px solid currentColor;border-radius:12px;text-decoration:none}
.reader-nav-next{margin-inline-start:auto;text-align:end}
.reader-nav-label{font-weight:700}
.reader-report{padding:0 16px;background:#1f1422;color:#fff;font-size:15px}
.reader-report summary{padding:12px 0;cursor:pointer;font-weight:600}
.reader-report form{display:flex;flex-direction:column;gap:12px;max-width:48rem;padding:0 0 16px}
.reader-report fieldset{margin:0;padding:0;border:0}
.reader-report legend{margin:0 0 4px}
.reader-report label{display:block}
.reader-report fieldset label{display:flex;align-items:center;gap:8px;min-height:44px}
.reader-report input[type=radio]{width:20px;height:20px;margin:0}
.reader-report select,.reader-report textarea{display:block;width:100%;margin:4px 0 0;padding:8px;border-radius:8px;font:inherit}
.reader-report select{min-height:44px}
.reader-report button{align-self:flex-start}
`;
