import { forwardRef, type ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: boolean;
}

/** Class names for a button look, also usable on router links. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', icon = false): string {
  return ['btn', `btn--${variant}`, size !== 'md' && `btn--${size}`, icon && 'btn--icon'].filter(Boolean).join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', icon = false, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[buttonClass(variant, size, icon), className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
});
