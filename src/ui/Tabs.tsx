import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

/** Accessible tabs (Radix): arrow keys move between tabs, the panel is labelled by its tab. */
export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/** Tab items from a table of tabs (value and label) and what each tab shows. */
export function tabItems<T extends string>(
  tabs: readonly { value: T; label: string }[],
  content: (value: T) => ReactNode,
): TabItem[] {
  return tabs.map((t) => ({ value: t.value, label: t.label, content: content(t.value) }));
}

interface TabsProps {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label: string;
  className?: string;
}

export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  return (
    <RadixTabs.Root
      className={className}
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className="tabs__list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="tabs__trigger">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="tabs__content">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
