import { useRef, useState } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { useMuseumTimeZone } from '../../ui/museumTimeZone.ts';
import { zoneName } from '../../ui/zoned-time.ts';
import { afterRender } from './announce.ts';
import { endingText, publicationText, publishingChoices } from './publicationText.ts';
import PublishDialogs from './PublishDialogs.tsx';
import type { PublishAction } from './PublishMenu.tsx';
import type { ArticleLoad, ReloadBase } from './useArticle.ts';
import { usePublishing, type PlanKind } from './usePublishing.ts';

type Options = {
  t: TFn;
  lang: Lang;
  articleId: number;
  load: ArticleLoad;
  reload: (base?: ReloadBase) => Promise<boolean>;
  baseRevision: () => number | null;
  /** Unsaved changes: saved as the draft before a publish is planned, so it publishes them. */
  dirty: boolean;
  /** Saves the editor's changes as the draft; true when saved. */
  saveDraft: () => Promise<boolean>;
};

/**
 * The editor's publishing state and actions beside Publish and Save draft
 * (docs/adr/0028-drafts-and-revisions.md): what the toolbar says and offers, the dialog of the
 * action chosen, and the note that the editor holds the draft.
 */
export function usePublishingControls(options: Options) {
  const { t, lang, articleId, load, reload, baseRevision } = options;
  const zone = useMuseumTimeZone();
  const actions = usePublishing({ t, articleId, reload, baseRevision });
  const [dialog, setDialog] = useState<PublishAction | null>(null);
  const menuRef = useRef<HTMLButtonElement>(null);
  const article = load.status === 'ready' ? load.article : null;
  const publication = article?.publication;
  const hasDraft = !!article?.draft;
  const close = () => {
    setDialog(null);
    // The dialog leaves the page before it is closed, so the browser does not give the focus
    // back: it goes to the menu's button the dialog was opened from.
    afterRender(() => menuRef.current?.focus());
  };

  const choose = (action: PublishAction) => {
    // Calling a plan off needs no confirmation: it can be planned again at once.
    if (action === 'cancelSchedule') void actions.callOff('publish');
    else if (action === 'cancelEnd') void actions.callOff('end');
    else setDialog(action);
  };

  const schedule = async (kind: PlanKind, at: string, said: string) => {
    const zoned = zone === null ? said : `${said} (${zoneName(t, zone)})`;
    if (kind === 'end')
      return actions.schedule(kind, at, t('publishing.endToast', { when: zoned }));
    // A publish publishes what is saved: the changes in progress are saved as the draft first.
    if (options.dirty && !(await options.saveDraft())) {
      // The save's toast or conflict dialog says why; the dialog makes way for it.
      close();
      return 'failed' as const;
    }
    return actions.schedule(kind, at, t('publishing.scheduledToast', { when: zoned }));
  };

  const toolbar = {
    publication: publicationText(t, lang, publication, zone),
    ending: endingText(t, lang, publication, zone),
    hasDraft,
    choices: publishingChoices(publication, hasDraft),
    publishing: actions.busy,
    onPublishing: choose,
    menuRef,
  };

  const dialogs = dialog && (
    <PublishDialogs
      t={t}
      lang={lang}
      action={dialog}
      zone={zone}
      planned={{
        publish: publication?.state === 'scheduled' ? publication.publishAt : null,
        end: publication?.unpublishAt ?? null,
      }}
      busy={actions.busy}
      onSchedule={schedule}
      onCallOff={(kind) => {
        close();
        void actions.callOff(kind);
      }}
      onDiscard={() => {
        close();
        void actions.discard();
      }}
      onUnpublish={() => {
        close();
        void actions.takeBack();
      }}
      onClose={close}
    />
  );

  const notice = hasDraft && <p className="editor-draft-note">{t('publishing.draftOpened')}</p>;

  return { toolbar, dialogs, notice };
}
