import { useMemo, type MouseEvent, type Ref } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { ArticleView } from '../reader/render/ArticleView.ts';
import type { ArticleContent } from '../articles/content.ts';
import { backgroundOf } from '../articles/content-fields.ts';
import { inkOn } from '../reader/render/ink.ts';
import { ownTitle } from '../reader/render/title.ts';
import { panelId, tabId } from './EditorViewSwitch.tsx';

/** Links in the preview show where they go but are not followed (the editor would be left). */
function holdLinks(event: MouseEvent<HTMLElement>) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
}

type Props = {
  t: TFn;
  content: ArticleContent;
  /** On a phone, the preview is the Preview tab's panel: shown or not. Null beside the form. */
  tab: { shown: boolean } | null;
  ref?: Ref<HTMLElement>;
};

/**
 * The live phone-shaped preview: the visitor page's own component, fed the unsaved
 * content at every keystroke. Its styles come from /reader.css.
 */
export default function PhonePreview({ t, content, tab, ref }: Props) {
  // The words around a sound (read aloud), in the curator's language; the museum's language is not
  // named, as the editor does not load it. One object, so unchanged blocks skip re-rendering.
  const audio = useMemo(
    () => ({
      language: t('editor.field.audioPreviewLanguage'),
      transcript: t('editor.field.transcript'),
    }),
    [t],
  );
  const panel = tab
    ? {
        id: panelId('preview'),
        role: 'tabpanel',
        'aria-labelledby': tabId('preview'),
        // Its first content is a heading, not a field: the panel itself takes the focus.
        tabIndex: tab.shown ? 0 : -1,
      }
    : { 'aria-labelledby': 'editor-preview' };
  const off = tab !== null && !tab.shown;
  // The title shown to visitors, as their page shows it (its h1; a level below this section's
  // heading here).
  const title = ownTitle(content);
  const heading = title && (
    <p
      className="reader-title"
      role="heading"
      aria-level={3}
      style={{ color: inkOn(backgroundOf(content)) }}
    >
      {title}
    </p>
  );
  return (
    <section
      ref={ref}
      className={`editor-preview${off ? ' editor-panel--off' : ''}`}
      inert={off}
      {...panel}
    >
      <h2 id="editor-preview" className="editor-section__title">
        {t('editor.preview')}
      </h2>
      <div className="phone">
        <div className="phone__screen" onClickCapture={holdLinks}>
          <ArticleView
            content={content}
            productName="Legenda"
            languageLabel="Français"
            audio={audio}
            heading={heading}
          />
        </div>
      </div>
    </section>
  );
}
