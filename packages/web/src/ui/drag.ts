// Dragging a card onto the table with a finger, a pen or a mouse, through pointer events (HTML5
// drag-and-drop never fires on phones). A card follows the pointer once it has moved a few pixels;
// let go over the felt, it is played; anywhere else, it goes back. A plain tap stays a click.
import type { JSX } from 'preact';

const THRESHOLD = 8; // px before a press becomes a drag
let drag: { id: number; x: number; y: number; moved: boolean } | null = null;
let swallowClick = false; // the click a browser fires after a drag's pointerup

type Handlers = Pick<
  JSX.HTMLAttributes<HTMLButtonElement>,
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel'
>;

/** Whether the click now being handled ends a drag (then it must not play the card a second time). */
export function endsDrag(): boolean {
  const was = swallowClick;
  swallowClick = false;
  return was;
}

function reset(el: HTMLElement) {
  el.style.transform = '';
  el.classList.remove('dragging');
  drag = null;
}

/** Pointer handlers that play `code` (through `play`) when its card is dropped on the felt. */
export function dragToTable(code: string, enabled: boolean, play: (code: string) => void): Handlers {
  if (!enabled) return {};
  return {
    onPointerDown: (e) => {
      if (e.button !== 0) return;
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e) => {
      if (!drag || drag.id !== e.pointerId) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < THRESHOLD) return;
      drag.moved = true;
      e.currentTarget.classList.add('dragging');
      e.currentTarget.style.transform = `translate(${dx}px, ${dy}px)`;
    },
    onPointerUp: (e) => {
      if (!drag || drag.id !== e.pointerId) return;
      const moved = drag.moved;
      reset(e.currentTarget);
      if (!moved) return; // a tap: the click plays it
      swallowClick = true;
      setTimeout(() => (swallowClick = false), 0);
      // Under the pointer there is the card itself (still gliding back): look through it.
      if (document.elementsFromPoint(e.clientX, e.clientY).some((el) => el.closest('.felt'))) play(code);
    },
    onPointerCancel: (e) => reset(e.currentTarget),
  };
}
