import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A small WAI-ARIA tabs widget (tablist, roving tabindex, arrow/Home/End keys, labelled
 * panel) for the home screen's first load, where the Radix tabs of src/ui would cost
 * about 8 KB gzip of the 150 KB budget. Same class names as src/ui/Tabs, same behaviour
 * for keyboard and screen-reader users (arrow keys select, as in Radix's default).
 */
interface HomeTabItem<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

export function HomeTabs<V extends string>({
  items,
  value,
  onValueChange,
  label,
  className,
}: {
  items: HomeTabItem<V>[];
  value: V;
  onValueChange: (v: V) => void;
  label: string;
  className?: string;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    items.findIndex((i) => i.value === value),
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onValueChange(items[next]!.value);
    refs.current[next]?.focus();
  };

  const active = items[index]!;
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item, i) => {
          const selected = i === index;
          return (
            <button
              key={item.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              className="tabs__trigger"
              onClick={() => onValueChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${active.value}`}
        aria-labelledby={`${base}-tab-${active.value}`}
        tabIndex={0}
        className="tabs__content"
      >
        {active.content}
      </div>
    </div>
  );
}
