import type { HTMLAttributes } from 'react';

interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li';
  selected?: boolean;
  interactive?: boolean;
}

export function Card({ as: Tag = 'div', selected, interactive, className, ...rest }: CardProps) {
  const cls = ['card', interactive && 'card--interactive', selected && 'card--selected', className]
    .filter(Boolean)
    .join(' ');
  return <Tag className={cls} {...rest} />;
}
