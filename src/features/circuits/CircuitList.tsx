import type { RefObject } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { useServerData, type Loaded } from '../../ui/server-state.ts';
import { emptyArticlesRoute } from './calls.ts';
import { circuitHref } from './draft.ts';
import type { CircuitDocument } from './schema.ts';

/** Stops named in a line of the list before '… and N more'. */
const STOPS_SHOWN = 6;

type LineProps = {
  t: TFn;
  circuit: CircuitDocument;
  titleOf: (id: number) => string;
  /** How many of its stops visitors do not see, having nothing in them yet. */
  emptyStops: number;
  busy: boolean;
  editRef: (element: HTMLButtonElement | null) => void;
  onEdit: () => void;
  onDelete: () => void;
};

function CircuitItem(props: LineProps) {
  const { t, circuit, titleOf, emptyStops, busy, editRef, onEdit, onDelete } = props;
  const count = circuit.articleIds.length;
  const shown = circuit.articleIds.slice(0, STOPS_SHOWN);
  return (
    <li className="circuit-item">
      <div className="circuit-item__text">
        <h3 className="circuit-item__title">{circuit.title}</h3>
        <p className="circuit-item__meta">
          <span className="circuit-item__name">/circuit?name={circuit.name}</span>
          <span className="circuit-item__count">
            {count === 0
              ? t('circuits.stopsNone')
              : count === 1
                ? t('circuits.stopsOne')
                : t('circuits.stopsMany', { count })}
          </span>
        </p>
        {emptyStops > 0 && (
          <p className="circuit-item__warning">
            {emptyStops === 1
              ? t('circuits.emptyStopsOne')
              : t('circuits.emptyStopsMany', { count: emptyStops })}
          </p>
        )}
        {count > 0 && (
          <ol
            className="circuit-item__stops"
            aria-label={t('circuits.stopsOf', { title: circuit.title })}
          >
            {shown.map((id) => (
              <li key={id}>{titleOf(id)}</li>
            ))}
            {count > shown.length && (
              <li className="circuit-item__more">
                {t('circuits.more', { count: count - shown.length })}
              </li>
            )}
          </ol>
        )}
      </div>
      <div className="circuit-item__actions">
        <a
          className="button button--ghost button--small"
          href={circuitHref(circuit.name)}
          target="_blank"
          rel="noopener"
          aria-label={t('circuits.openCircuit', { title: circuit.title })}
        >
          {t('circuits.open')}
          <span className="visually-hidden"> {t('editor.newTab')}</span>
        </a>
        <button
          ref={editRef}
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={t('circuits.editCircuit', { title: circuit.title })}
          onClick={onEdit}
        >
          {t('circuits.edit')}
        </button>
        <button
          type="button"
          className="button button--quiet-danger button--small"
          disabled={busy}
          aria-label={t('circuits.deleteCircuit', { title: circuit.title })}
          onClick={onDelete}
        >
          {t('circuits.delete')}
        </button>
      </div>
    </li>
  );
}

type ListProps = {
  t: TFn;
  /** The museum's circuits; a failed reload keeps the list shown. */
  load: Loaded<CircuitDocument[]>;
  titleOf: (id: number) => string;
  busy: boolean;
  /** Each line's Edit button, by circuit: where focus goes back after the form. */
  editButtons: RefObject<Map<number, HTMLButtonElement>>;
  onEdit: (circuit: CircuitDocument) => void;
  onDelete: (circuit: CircuitDocument) => void;
};

/** The museum's circuits, each with its stops and its Open, Edit and Delete. */
export default function CircuitList(props: ListProps) {
  const { t, load, titleOf, busy, editButtons, onEdit, onDelete } = props;
  const circuits = load.data ?? [];
  const empty = new Set(useServerData(emptyArticlesRoute).data);
  return (
    <section className="circuits-list" aria-labelledby="circuits-list-title">
      <h2 id="circuits-list-title">{t('circuits.listTitle')}</h2>
      {load.status === 'loading' && (
        <p className="status-line" role="status">
          {t('circuits.loading')}
        </p>
      )}
      {load.status === 'failed' && !load.data && (
        <p className="muted" role="alert">
          {t('circuits.loadFailed')}
        </p>
      )}
      {load.data && circuits.length === 0 && <p className="muted">{t('circuits.empty')}</p>}
      {circuits.length > 0 && (
        <ul className="circuit-items" aria-label={t('circuits.listLabel')}>
          {circuits.map((circuit) => (
            <CircuitItem
              key={circuit.id}
              t={t}
              circuit={circuit}
              titleOf={titleOf}
              emptyStops={circuit.articleIds.filter((id) => empty.has(id)).length}
              busy={busy}
              editRef={(element) => {
                if (element) editButtons.current.set(circuit.id, element);
                else editButtons.current.delete(circuit.id);
              }}
              onEdit={() => onEdit(circuit)}
              onDelete={() => onDelete(circuit)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
