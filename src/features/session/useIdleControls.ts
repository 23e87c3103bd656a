import { useEffect, useRef, useState, type RefObject } from 'react';
import { controlsVisible, msUntilControlsFade } from '../../domain/idleControls';

/**
 * Whether the immersive session's controls show (the rule is src/domain/idleControls.ts):
 * they fade after a few quiet seconds and come back on a tap, a pointer move or a key.
 *
 * Faded controls stay in place and in the accessibility tree (a screen reader or the
 * keyboard still reaches them, and keyboard focus brings them back), but a tap on the
 * faded screen only brings them back: it never presses an invisible button.
 */
export function useIdleControls(
  stageRef: RefObject<HTMLElement | null>,
  { paused, dialogOpen }: { paused: boolean; dialogOpen: boolean },
): boolean {
  const [visible, setVisible] = useState(true);
  const [keyboardFocusInside, setKeyboardFocusInside] = useState(false);
  const conditions = useRef({ paused, dialogOpen, keyboardFocusInside });
  const clock = useRef({
    lastInputAt: 0,
    visible: true,
    timer: null as ReturnType<typeof setTimeout> | null,
  });

  /** Counts an input now and decides again; re-arms the fade timer. */
  const bump = useRef(() => {
    const c = clock.current;
    c.lastInputAt = performance.now();
    const decide = () => {
      const s = { now: performance.now(), lastInputAt: c.lastInputAt, ...conditions.current };
      c.visible = controlsVisible(s);
      setVisible(c.visible);
      if (c.timer !== null) clearTimeout(c.timer);
      c.timer = null;
      const wait = msUntilControlsFade(s);
      if (c.visible && wait > 0) c.timer = setTimeout(decide, wait + 20);
    };
    decide();
  }).current;

  // Pausing, a dialog or keyboard focus keep them; when those end, the quiet time starts over.
  useEffect(() => {
    conditions.current = { paused, dialogOpen, keyboardFocusInside };
    bump();
  }, [paused, dialogOpen, keyboardFocusInside, bump]);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const c = clock.current;
    // A tap (no hover before it) on the faded screen only brings the controls back.
    let swallowClick = false;
    let swallowTimer: ReturnType<typeof setTimeout> | null = null;
    const onPointerDown = (e: PointerEvent) => {
      if (!c.visible && e.isPrimary) {
        swallowClick = true;
        if (swallowTimer !== null) clearTimeout(swallowTimer);
        swallowTimer = setTimeout(() => (swallowClick = false), 1000);
      }
      bump();
    };
    const onClick = (e: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
    };
    const onFocusIn = (e: FocusEvent) => {
      const el = e.target as HTMLElement | null;
      setKeyboardFocusInside(Boolean(el?.matches?.(':focus-visible')));
    };
    const onFocusOut = (e: FocusEvent) => {
      if (!stage.contains(e.relatedTarget as Node | null)) setKeyboardFocusInside(false);
    };
    stage.addEventListener('pointerdown', onPointerDown, true);
    stage.addEventListener('click', onClick, true);
    stage.addEventListener('focusin', onFocusIn);
    stage.addEventListener('focusout', onFocusOut);
    window.addEventListener('pointermove', bump, { passive: true });
    window.addEventListener('keydown', bump, true);
    window.addEventListener('wheel', bump, { passive: true });
    return () => {
      stage.removeEventListener('pointerdown', onPointerDown, true);
      stage.removeEventListener('click', onClick, true);
      stage.removeEventListener('focusin', onFocusIn);
      stage.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('pointermove', bump);
      window.removeEventListener('keydown', bump, true);
      window.removeEventListener('wheel', bump);
      if (c.timer !== null) clearTimeout(c.timer);
      if (swallowTimer !== null) clearTimeout(swallowTimer);
    };
  }, [stageRef, bump]);

  return visible;
}
