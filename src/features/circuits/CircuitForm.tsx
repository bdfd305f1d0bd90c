import { untitledName } from '../articles/label.ts';
import { useEffect, useId, type RefObject, type SubmitEvent } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { useServerData } from '../../ui/server-state.ts';
import { emptyArticlesRoute } from './calls.ts';
import ArticleAdder, { articleTitle, type ArticlesLoad } from './ArticleAdder.tsx';
import { LIMITS, withTitle, type Draft, type Message, type Problems } from './draft.ts';
import StopList, { type StopLabel } from './StopList.tsx';

type Props = {
  t: TFn;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  /** The title of the circuit as saved, for the form's heading. */
  savedTitle: string | undefined;
  articles: ArticlesLoad;
  problems: Problems;
  busy: boolean;
  titleRef: RefObject<HTMLInputElement | null>;
  nameRef: RefObject<HTMLInputElement | null>;
  introRef: RefObject<HTMLTextAreaElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  /** The stops' heading (tabIndex -1): where focus goes for a problem with the list. */
  stopsRef: RefObject<HTMLHeadingElement | null>;
  announce: (text: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
};

function FieldError({ t, id, problem }: { t: TFn; id: string; problem: Message | undefined }) {
  if (!problem) return null;
  return (
    <p id={id} className="circuit-field-error">
      {t(problem.key, problem.vars)}
    </p>
  );
}

/** The form that creates a circuit or edits the one chosen in the list. */
export default function CircuitForm(props: Props) {
  const { t, draft, setDraft, articles, problems, busy, announce } = props;
  const { titleRef, nameRef, introRef, searchRef, stopsRef, onSubmit, onCancel } = props;
  const id = useId();
  const editing = draft.id !== undefined;
  // Asked again each time the form opens: an article may have been written since.
  const { data: empty, reload: reloadEmpty } = useServerData(emptyArticlesRoute);
  useEffect(() => void reloadEmpty(), [reloadEmpty]);
  const byId = new Map<number, StopLabel>(
    articles.data
      ? articles.data.map((a) => [
          a.id,
          { title: articleTitle(a), name: a.name, stop: a.stop, empty: empty?.includes(a.id) },
        ])
      : [],
  );
  const labelOf = (articleId: number): StopLabel =>
    byId.get(articleId) ??
    (articles.data
      ? { title: t('circuits.articleGone', { id: articleId }), name: null }
      : { title: untitledName(articleId), name: null });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const described = (field: string, hint: boolean, problem: Message | undefined) =>
    [hint ? `${id}-${field}-hint` : '', problem ? `${id}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const formProblem = problems.form;

  return (
    <form
      className="circuit-form card"
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h2 id={`${id}-heading`}>
        {editing
          ? t('circuits.editTitle', { title: props.savedTitle ?? draft.title })
          : t('circuits.newTitle')}
      </h2>
      <div className="circuit-form__field">
        <label htmlFor={`${id}-title`}>{t('circuits.titleLabel')}</label>
        <input
          ref={titleRef}
          id={`${id}-title`}
          type="text"
          autoComplete="off"
          maxLength={LIMITS.title + 20}
          value={draft.title}
          aria-invalid={problems.title !== undefined}
          aria-describedby={described('title', true, problems.title)}
          onChange={(event) => setDraft(withTitle(draft, event.target.value))}
        />
        <p id={`${id}-title-hint`} className="circuit-form__hint">
          {t('circuits.titleHint')}
        </p>
        <FieldError t={t} id={`${id}-title-error`} problem={problems.title} />
      </div>
      <div className="circuit-form__field">
        <label htmlFor={`${id}-name`}>{t('circuits.nameLabel')}</label>
        <div className="circuit-form__name">
          <span className="circuit-form__prefix" aria-hidden="true">
            /circuit?name=
          </span>
          <input
            ref={nameRef}
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.name + 20}
            value={draft.name}
            aria-invalid={problems.name !== undefined}
            aria-describedby={described('name', true, problems.name)}
            onChange={(event) => setDraft({ ...draft, name: event.target.value, nameEdited: true })}
          />
        </div>
        <p id={`${id}-name-hint`} className="circuit-form__hint">
          {editing ? t('circuits.nameHintSaved') : t('circuits.nameHint')}
        </p>
        <FieldError t={t} id={`${id}-name-error`} problem={problems.name} />
      </div>
      <div className="circuit-form__field">
        <label htmlFor={`${id}-intro`}>{t('circuits.introLabel')}</label>
        <textarea
          ref={introRef}
          id={`${id}-intro`}
          rows={4}
          maxLength={LIMITS.intro + 100}
          value={draft.intro}
          aria-invalid={problems.intro !== undefined}
          aria-describedby={described('intro', true, problems.intro)}
          onChange={(event) => setDraft({ ...draft, intro: event.target.value })}
        />
        <p id={`${id}-intro-hint`} className="circuit-form__hint">
          {t('circuits.introHint')}
        </p>
        <FieldError t={t} id={`${id}-intro-error`} problem={problems.intro} />
      </div>
      <section className="circuit-form__stops" aria-labelledby={`${id}-stops`}>
        <h3 id={`${id}-stops`} ref={stopsRef} tabIndex={-1}>
          {t('circuits.stopsTitle', { count: draft.articleIds.length })}
        </h3>
        <p className="circuit-form__hint">{t('circuits.stopsHint')}</p>
        <FieldError t={t} id={`${id}-stops-error`} problem={problems.stops} />
        <StopList
          t={t}
          articleIds={draft.articleIds}
          labelOf={labelOf}
          problems={problems.stop}
          idPrefix={`${id}-stop`}
          onChange={(articleIds) => setDraft({ ...draft, articleIds })}
          announce={announce}
          focusAfterLast={() => searchRef.current?.focus()}
          disabled={busy}
        />
        <h3 className="circuit-form__add-title">{t('circuits.addTitle')}</h3>
        <ArticleAdder
          t={t}
          load={articles}
          taken={draft.articleIds}
          searchRef={searchRef}
          disabled={busy}
          onAdd={(article) => {
            const articleIds = [...draft.articleIds, article.id];
            setDraft({ ...draft, articleIds });
            announce(
              t('circuits.added', {
                title: articleTitle(article),
                position: articleIds.length,
              }),
            );
          }}
        />
      </section>
      {formProblem !== undefined && (
        <p className="circuit-form__error" role="alert">
          {typeof formProblem === 'string' ? formProblem : t(formProblem.key, formProblem.vars)}
        </p>
      )}
      <div className="circuit-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {editing ? t('circuits.save') : t('circuits.create')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
          {t('circuits.cancel')}
        </button>
      </div>
    </form>
  );
}
