import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { newBlock } from '../../articles/content.ts';
import { sizedImage } from '../../articles/image-sizes.ts';
import { ArticleView } from './ArticleView.ts';

const OLD = '/media/3/images/abcdefghABCDEFGH.png';
const PHOTO = '/media/3/images/abcdefghABCDEFGH-w1600h1200.jpg';
const SMALL = '/media/3/images/zyxwvutsZYXWVUTS-w300h400.png';

const render = (...blocks: object[]) =>
  renderToStaticMarkup(
    createElement(ArticleView, {
      content: [{ type: 'metadatas', url: 'a' }, ...blocks],
      productName: 'Legenda',
      languageLabel: 'Français',
    }),
  );

const image = (src: string, size = 100) => ({ ...newBlock('image'), src, size });

describe('images on the visitor page', () => {
  it('reads a processed image’s size and files from its name, and nothing from an old one', () => {
    const sized = sizedImage(PHOTO)!;
    expect([sized.width, sized.height, sized.widths]).toEqual([1600, 1200, [480, 960, 1600]]);
    expect(sized.fallback(960)).toBe('/media/3/images/abcdefghABCDEFGH-w1600h1200.960.jpg');
    expect(sized.fallback(1600)).toBe(PHOTO);
    expect(sized.webp(480)).toBe('/media/3/images/abcdefghABCDEFGH-w1600h1200.480.webp');
    expect(sizedImage(SMALL)!.widths).toEqual([300]);
    expect(sizedImage(OLD)).toBeUndefined();
  });

  it('draws an image stored before processing exactly as before', () => {
    expect(render(image(OLD, 80))).toContain(
      `<img class="reader-image" src="${OLD}" alt="" loading="lazy" decoding="async" style="width:80%"/>`,
    );
    expect(render(image(OLD))).not.toContain('<picture');
  });

  it('gives a processed image WebP and fallback srcsets, sizes, width and height', () => {
    const html = render(image(PHOTO, 50));
    const stem = '/media/3/images/abcdefghABCDEFGH-w1600h1200';
    expect(html).toContain(
      `<picture><source type="image/webp" srcSet="${stem}.480.webp 480w, ${stem}.960.webp 960w, ${stem}.1600.webp 1600w" sizes="(min-width:48rem) 372px, 50vw"/>`,
    );
    expect(html).toContain(
      `<img class="reader-image" src="${PHOTO}" srcSet="${stem}.480.jpg 480w, ${stem}.960.jpg 960w, ${PHOTO} 1600w" sizes="(min-width:48rem) 372px, 50vw" width="1600" height="1200" alt="" style="width:50%"/></picture>`,
    );
  });

  it('loads the first image at once and the others lazily, wherever they are', () => {
    const legend = { ...newBlock('legendItem'), src: SMALL };
    const html = render(
      { ...newBlock('text'), content: 'Intro' },
      image(PHOTO),
      legend,
      image(PHOTO),
    );
    const tags = html.match(/<img [^>]*>/g)!;
    expect(tags).toHaveLength(3);
    expect(tags[0]).not.toMatch(/loading|decoding/);
    for (const tag of tags.slice(1)) expect(tag).toMatch(/loading="lazy" decoding="async"/);
    // A single width needs no srcset on the fallback; WebP still has its one file.
    expect(tags[1]).not.toContain('srcSet');
    expect(html).toContain(`srcSet="/media/3/images/zyxwvutsZYXWVUTS-w300h400.300.webp 300w"`);
  });
});
