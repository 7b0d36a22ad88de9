import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import classes from './scroll-x.module.css';

interface Props {
  children: ReactNode;
  /** accessible name: the region can be focused and scrolled with the keyboard */
  label?: string;
  className?: string;
  style?: CSSProperties;
  /** a selector inside the content kept in view (e.g. the active tab) whenever `activeKey` changes */
  activeSelector?: string;
  activeKey?: string | number | null;
}

/**
 * Content that scrolls sideways when it does not fit, with a shadow on each side that has more
 * (the frame gets data-more-left / data-more-right), keeping an active item in view.
 */
export function ScrollX({ children, label, className, style, activeSelector, activeKey }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const measure = () => {
    const f = frame.current;
    const el = scroller.current;
    if (!f || !el) return;
    f.toggleAttribute('data-more-left', el.scrollLeft > 1);
    f.toggleAttribute('data-more-right', el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  };
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    const el = scroller.current;
    const active = activeSelector && el ? el.querySelector<HTMLElement>(activeSelector) : null;
    if (!el || !active) return;
    const box = el.getBoundingClientRect();
    const a = active.getBoundingClientRect();
    // only sideways, never the page: bring the active item fully into view with a little margin
    if (a.left < box.left) el.scrollLeft -= box.left - a.left + 24;
    else if (a.right > box.right) el.scrollLeft += a.right - box.right + 24;
    measure();
  }, [activeSelector, activeKey]);
  return (
    <div className={classes.frame} ref={frame}>
      <div
        className={`${classes.scroll}${className ? ` ${className}` : ''}`}
        style={style}
        ref={scroller}
        onScroll={measure}
        tabIndex={label ? 0 : undefined}
        role={label ? 'region' : undefined}
        aria-label={label}
      >
        {children}
      </div>
      <span className={classes.left} aria-hidden />
      <span className={classes.right} aria-hidden />
    </div>
  );
}
