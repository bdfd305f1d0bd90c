import { strToU8, zipSync } from 'fflate';
import { escapeHtml } from '../../server/escape.ts';

/**
 * Small real Word documents for the tests (unit and end to end): the few parts a .docx needs,
 * zipped with fflate. Each paragraph is a heading, body text, a list item, a link or an image.
 */

export type FixtureParagraph =
  | { heading: string; level?: number }
  | { text: string; italic?: string }
  | { bullet: string }
  | { numbered: string }
  | { link: string; href: string }
  /** One paragraph of words and links, in order. */
  | { parts: (string | { link: string; href: string })[] }
  | { image: Uint8Array; alt?: string };

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * The five characters escaped as entities XML reads too, and nothing else: a test's control
 * character stays in the XML as it is, as a careless writer leaves it (escapeXml replaces it).
 */
const escape = escapeHtml;
const run = (text: string, italic = false) =>
  `<w:r>${italic ? '<w:rPr><w:i/></w:rPr>' : ''}<w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;
const listItem = (numId: number, text: string) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="${numId}"/></w:numPr></w:pPr>${run(text)}</w:p>`;

function imageXml(rel: string, alt: string, n: number) {
  return `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${n}" name="Picture ${n}" descr="${escape(alt)}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${n}" name="image${n}.png" descr="${escape(alt)}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rel}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

const NUMBERING = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering xmlns:w="${W}">
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>`;

/** A .docx holding these paragraphs, as bytes. */
export function makeDocx(paragraphs: readonly FixtureParagraph[]): Uint8Array {
  const rels: string[] = [
    `<Relationship Id="rIdNum" Type="${R}/numbering" Target="numbering.xml"/>`,
  ];
  const media: Record<string, Uint8Array> = {};
  const body = paragraphs.map((p, i) => {
    if ('heading' in p) {
      return `<w:p><w:pPr><w:pStyle w:val="Heading${p.level ?? 1}"/></w:pPr>${run(p.heading)}</w:p>`;
    }
    if ('text' in p) return `<w:p>${run(p.text)}${p.italic ? run(p.italic, true) : ''}</w:p>`;
    if ('bullet' in p) return listItem(1, p.bullet);
    if ('numbered' in p) return listItem(2, p.numbered);
    const hyperlink = (link: { link: string; href: string }, id: string) => {
      rels.push(
        `<Relationship Id="${id}" Type="${R}/hyperlink" Target="${escape(link.href)}" TargetMode="External"/>`,
      );
      return `<w:hyperlink r:id="${id}">${run(link.link)}</w:hyperlink>`;
    };
    if ('link' in p) return `<w:p>${hyperlink(p, `rId${i}`)}</w:p>`;
    if ('parts' in p) {
      const inline = p.parts.map((part, j) =>
        typeof part === 'string' ? run(part) : hyperlink(part, `rId${i}x${j}`),
      );
      return `<w:p>${inline.join('')}</w:p>`;
    }
    media[`word/media/image${i}.png`] = p.image;
    rels.push(`<Relationship Id="rId${i}" Type="${R}/image" Target="media/image${i}.png"/>`);
    return imageXml(`rId${i}`, p.alt ?? '', i + 1);
  });
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${body.join('')}</w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`),
    'word/document.xml': strToU8(document),
    'word/numbering.xml': strToU8(NUMBERING),
    'word/_rels/document.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${REL}">${rels.join('')}</Relationships>`,
    ),
    ...media,
  });
}
