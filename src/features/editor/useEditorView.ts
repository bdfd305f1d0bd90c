import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useMediaQuery } from '../../site/carousel-hooks.ts';
import { STACKED_QUERY, type EditorView } from './EditorViewSwitch.tsx';

/** Where the curator was in the form: a node at the top of the screen and how far down it was. */
type Place = { node: Element | null; top: number; scrollY: number };

/** How far down the viewport the switch's bottom is when it sticks (its CSS top, its height). */
function stuckBottom(bar: HTMLElement | null): number {
  if (!bar) return 0;
  return (Number.parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight;
}

/** The form's node just below the sticky bars, to come back to after the preview. */
function placeIn(form: HTMLElement | null, below: number): Place {
  const place: Place = { node: null, top: 0, scrollY: window.scrollY };
  if (!form) return place;
  const box = form.getBoundingClientRect();
  const node = document.elementFromPoint(box.left + box.width / 2, below + 8);
  if (node && form.contains(node)) {
    place.node = node;
    place.top = node.getBoundingClientRect().top;
  }
  return place;
}

/**
 * A phone's Edit | Preview tabs: where the form and the preview stack, one
 * of them at a time, and the curator finds their place in the form again on the way back.
 */
export function useEditorView() {
  const stacked = useMediaQuery(STACKED_QUERY);
  const [view, setView] = useState<EditorView>('edit');
  const switchRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const editPlace = useRef<Place | null>(null);
  /** Raised at every change of view: the putting back in place of an earlier one stops. */
  const turn = useRef(0);

  /**
   * Preview: shown from its top, just under the switch (never further down the page than the
   * curator was). Edit: back where they were in the form, the same node at the same height.
   */
  const chooseView = (next: EditorView) => {
    if (next === view) return;
    const mine = ++turn.current;
    const below = stuckBottom(switchRef.current);
    if (next === 'preview') {
      editPlace.current = placeIn(formRef.current, below);
      flushSync(() => setView('preview'));
      const preview = previewRef.current;
      if (!preview) return;
      const top = preview.getBoundingClientRect().top + window.scrollY - below - 12;
      window.scrollTo({ top: Math.max(0, Math.min(window.scrollY, top)) });
      return;
    }
    flushSync(() => setView('edit'));
    const place = editPlace.current;
    if (!place) return;
    const node = place.node;
    if (!node?.isConnected || !formRef.current?.contains(node)) {
      window.scrollTo({ top: place.scrollY });
      return;
    }
    // Cards coming on screen are drawn in the next frames (content-visibility: auto) and may
    // change height: the node is put back in place until it stays there.
    const align = () => window.scrollBy({ top: node.getBoundingClientRect().top - place.top });
    align();
    let frames = 0;
    let still = 0;
    const settle = () => {
      // The curator has moved on (the preview again, a field to correct): leave the page be.
      if (turn.current !== mine) return;
      const moved = Math.abs(node.getBoundingClientRect().top - place.top) > 1;
      if (moved) align();
      still = moved ? 0 : still + 1;
      frames += 1;
      if (still < 3 && frames < 30) requestAnimationFrame(settle);
    };
    requestAnimationFrame(settle);
  };

  return {
    stacked,
    view,
    /** The form, put away while a phone shows the preview (kept laid out: see global.css). */
    formOff: stacked && view !== 'edit',
    switchRef,
    formRef,
    previewRef,
    chooseView,
    /** Shows the form at once (a save refused from the preview takes the curator to the field). */
    showForm: () => {
      turn.current += 1;
      flushSync(() => setView('edit'));
    },
  };
}
