import type { MouseEvent } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { ArticleView } from '../reader/ArticleView.ts';
import type { ArticleContent } from './content.ts';

/** Links in the preview show where they go but are not followed (the editor would be left). */
function holdLinks(event: MouseEvent<HTMLElement>) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
}

/**
 * The live phone-shaped preview (spec 2): the visitor page's own component, fed the unsaved
 * content at every keystroke. Its styles come from /reader.css.
 */
export default function PhonePreview({ t, content }: { t: TFn; content: ArticleContent }) {
  return (
    <section className="editor-preview" aria-labelledby="editor-preview">
      <h2 id="editor-preview" className="editor-section__title">
        {t('editor.preview')}
      </h2>
      <div className="phone">
        <div className="phone__screen" onClickCapture={holdLinks}>
          <ArticleView content={content} productName="Legenda" languageLabel="Français" />
        </div>
      </div>
    </section>
  );
}
